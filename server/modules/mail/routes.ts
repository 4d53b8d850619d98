import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mailListParams, mailListQuery, mailWriteBody } from '@contract/mail-schemas';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ok } from '../../lib/app-error';
import { idParams } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { writeTransaction } from '../../plugins/write-transaction';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import type { Principal } from '../session/service';
import { mailAttachmentViewRoute } from './attachment-view';
import { changeBox, type BoxAction } from './box-service';
import { createMailEventHub } from './events';
import { mailCounts } from './counters';
import { listMail } from './list-service';
import { mailDetail, recentContacts } from './read-service';
import { writeMail } from './write-service';
import { remindMailRecipients, type MailReminder } from './reminders';

const mailId = idParams('邮件ID');
const boxParams = mailId.extend({
  action: z.enum(['read', 'unread', 'star', 'unstar', 'delete', 'restore', 'purge'], { error: '不支持的邮件操作' }),
});
const boxMessages: Record<BoxAction, string> = {
  read: '已标为已读',
  unread: '已标为未读',
  star: '已加星标',
  unstar: '已取消星标',
  delete: '已删除',
  restore: '已恢复',
  purge: '已彻底删除',
};

/** 邮件: folders, the detail, writing (draft / send / reply / forward) and the mailbox actions (contract/mail.ts). */
export async function mailRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // the session is checked before the schemas: a caller without one hears 401, never what their input lacks
  const auth = { preValidation: [app.authenticate] };
  const hub = await createMailEventHub(plain);
  app.addHook('onClose', () => hub.close());
  app.live.add({
    event: 'mail',
    hub,
    idle: { messageId: null, origin: null },
    state: (user) => mailCounts(app.db, user.id),
  });

  /** A write in one transaction; once committed, everyone whose mailbox changed (the writer too) is told live. */
  const write = async <T extends { id: string; notified: string[]; reminder?: MailReminder | null }>(
    request: FastifyRequest,
    work: (tx: Db, user: Principal) => Promise<T>,
    msg: string,
  ) => {
    const user = currentUser(request);
    const answer = await writeTransaction(request, (tx) => work(tx, user), msg);
    const change = { messageId: answer.data.id, origin: request.idempotency?.key ?? null };
    void hub
      .publish([user.id, ...answer.data.notified], change)
      .catch((error) => app.log.error(error, 'mail event publish failed'));
    return answer;
  };

  app.get(
    '/api/mail/list/:folder',
    { ...auth, schema: { params: mailListParams, querystring: mailListQuery } },
    async (request) => ok(await listMail(app.db, currentUser(request).id, request.params.folder, request.query)),
  );
  mailAttachmentViewRoute(plain);
  app.get('/api/mail/counts', auth, async (request) => ok(await mailCounts(app.db, currentUser(request).id)));
  app.get('/api/mail/contacts/recent', auth, async (request) =>
    ok(await recentContacts(app.db, currentUser(request).id)),
  );
  app.get('/api/mail/messages/:id', { ...auth, schema: { params: mailId } }, async (request) =>
    ok(await mailDetail(app.db, currentUser(request), request.params.id)),
  );

  app.post('/api/mail/messages', { ...auth, schema: { body: mailWriteBody } }, async (request) =>
    write(
      request,
      async (tx, user) => {
        const { sentMail, ...written } = await writeMail(tx, user, request.body);
        // the recipients' reminders commit with the mail: a rolled-back send reminds nobody
        const reminder = sentMail
          ? await remindMailRecipients(tx, app.deliverableChannels, user, sentMail, request.body.channels)
          : null;
        return { ...written, reminder };
      },
      request.body.send ? '邮件已发送' : '草稿已保存',
    ),
  );
  app.post('/api/mail/messages/:id/:action', { ...auth, schema: { params: boxParams } }, async (request) =>
    write(
      request,
      (tx, user) => changeBox(tx, user, request.params.id, request.params.action),
      boxMessages[request.params.action],
    ),
  );
}
