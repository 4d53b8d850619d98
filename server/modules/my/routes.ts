import type { FastifyInstance, FastifyRequest } from 'fastify';
import { channelsBody, escalationBody, imageBody, passwordBody, phrasesBody } from '@contract/my-schemas';
import type { Db } from '../../db/client';
import { ok } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { writeTransaction } from '../../plugins/write-transaction';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { changePassword } from './password-service';
import { loadPreferences, saveEscalation, saveImage, savePreference } from './preferences-service';

/** 我的 (module code my): password, reminder channels, opinion phrases, avatar and signature (contract/my.ts). */
export async function myRoutes(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: [app.authenticate] };
  const write = <T>(request: FastifyRequest, work: (tx: Db, userId: string) => Promise<T>, msg: string) =>
    writeTransaction(request, (tx) => work(tx, currentUser(request).id), msg);

  app.post('/api/my/password', { ...auth, schema: { body: passwordBody } }, async (request) => {
    const user = currentUser(request);
    await changePassword(app.db, app.rsaKeys, {
      userId: user.id,
      sessionId: request.sessionId ?? null,
      ip: request.ip,
      ...request.body,
    });
    return ok(null, '密码已修改');
  });

  app.get('/api/my/preferences', auth, async (request) => ok(await loadPreferences(app.db, currentUser(request).id)));
  app.put('/api/my/preferences/channels', { ...auth, schema: { body: channelsBody } }, async (request) =>
    write(
      request,
      (tx, userId) => savePreference(tx, userId, { reminderChannels: request.body.channels }),
      '提醒方式已保存',
    ),
  );
  app.put('/api/my/preferences/escalation', { ...auth, schema: { body: escalationBody } }, async (request) =>
    write(request, (tx, userId) => saveEscalation(tx, userId, request.body), '提醒顺序已保存'),
  );
  app.put('/api/my/preferences/phrases', { ...auth, schema: { body: phrasesBody } }, async (request) =>
    write(
      request,
      (tx, userId) => savePreference(tx, userId, { opinionPhrases: [...new Set(request.body.phrases)] }),
      '常用意见已保存',
    ),
  );
  app.put('/api/my/profile/avatar', { ...auth, schema: { body: imageBody } }, async (request) =>
    write(
      request,
      (tx, userId) => saveImage(tx, userId, 'avatar', request.body.image),
      request.body.image ? '头像已更新' : '头像已移除',
    ),
  );
  app.put('/api/my/profile/signature', { ...auth, schema: { body: imageBody } }, async (request) =>
    write(
      request,
      (tx, userId) => saveImage(tx, userId, 'signImg', request.body.image),
      request.body.image ? '签名已更新' : '签名已移除',
    ),
  );
}
