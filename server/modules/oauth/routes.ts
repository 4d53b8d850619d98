import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loginBody, thirdpartyLoginBody } from '@contract/auth-schemas';
import { ok } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { revokeSession } from '../session/service';
import { passwordLogin, thirdpartyLogin } from './service';
import { issueTicket } from './link-ticket';

const ticketBody = z.object({
  path: z
    .string({ error: '缺少链接地址' })
    .max(500, '链接地址过长')
    .regex(/^\/api\/[A-Za-z0-9/_.-]*$/, '链接地址不正确'),
});

/** /api/oauth: public key, password login, third-party token login, logout. */
export async function oauthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/oauth/publicKey', async () => ok(await app.rsaKeys.publicPem()));

  app.post('/api/oauth/login', async (request) => {
    const body = validate(loginBody, request.body);
    const uid = await passwordLogin(app.db, app.rsaKeys, {
      username: body.username,
      password: body.password,
      ip: request.ip,
      ttlDays: app.config.sessionTtlDays,
    });
    return ok(uid, '登录成功');
  });

  app.post('/api/oauth/thirdparty/login', async (request) => {
    const body = validate(thirdpartyLoginBody, request.body);
    return ok(
      await thirdpartyLogin(app.db, app.config.thirdpartyJwtSecret, body.token, app.config.sessionTtlDays),
      '登录成功',
    );
  });

  // a 60 s ticket for one link path (SSE stream, file preview), so the session token stays out of URLs
  app.post('/api/oauth/ticket', { preHandler: [app.authenticate] }, async (request) => {
    const body = validate(ticketBody, request.body);
    currentUser(request);
    return ok(await issueTicket(app, request.sessionId!, body.path));
  });

  app.post('/api/oauth/logout', { preHandler: [app.authenticate] }, async (request) => {
    currentUser(request);
    if (request.sessionId) await revokeSession(app.db, request.sessionId);
    return ok(null, '已退出登录');
  });
}
