import type { FastifyInstance } from 'fastify';
import { inboxQuery, readAllBody, sendMessageBody } from '@contract/message-schemas';
import { ok } from '../../lib/app-error';
import { uuidParam, validate } from '../../lib/validate';
import { writeTransaction } from '../../plugins/write-transaction';
import { currentUser } from '../../plugins/auth';
import { assertCanLink, assertCanSendMessage } from './policy';
import { deliveryReport } from '../delivery/report';
import { listInbox, markRead, recordMessage } from './service';
import { markAllRead } from './read-all';

/** Message send, in-app inbox, read flag and the home-page badges. */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: [app.authenticate] };

  app.post('/api/upms/message/send', auth, async (request) => {
    const body = validate(sendMessageBody, request.body);
    const user = currentUser(request);
    assertCanSendMessage(user);
    assertCanLink(user, body.link);
    return writeTransaction(request, (tx) => recordMessage(tx, app.deliverableChannels, user.id, body), '发送成功');
  });

  app.get('/api/message/inbox', auth, async (request) => {
    const page = validate(inboxQuery, request.query);
    return ok(await listInbox(app.db, currentUser(request).id, page));
  });

  app.post('/api/message/read-all', auth, async (request) => {
    const { source } = validate(readAllBody, request.body ?? {});
    const user = currentUser(request);
    return writeTransaction(request, (tx) => markAllRead(tx, user.id, source), '已全部标为已读');
  });

  app.post('/api/message/:id/read', auth, async (request) => {
    const id = uuidParam((request.params as { id?: unknown }).id, '消息ID');
    const user = currentUser(request);
    return writeTransaction(request, (tx) => markRead(tx, user.id, id));
  });

  app.get('/api/message/:id/deliveries', auth, async (request) => {
    const id = uuidParam((request.params as { id?: unknown }).id, '消息ID');
    const user = currentUser(request);
    return ok(await deliveryReport(app.db, { id: user.id, isAdmin: user.roles.includes('admin') }, id));
  });

  app.get('/api/message/badges', auth, async (request) => ok(await app.badges.collect(app.db, currentUser(request))));
}
