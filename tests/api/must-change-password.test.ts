import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CurrentUserData } from '../../contract/auth';
import { ApiCode } from '../../contract/envelope';
import { users } from '../../server/db/schema';
import { api, encryptPassword, loginAs } from '../factories/test-server';
import { fillParams, listRoutes, type RouteInfo } from '../support-bench/routes';
import { drivers, useServer } from './support/server';

/** What a person with an initial password may still call (issue 41 point 4); everything else is refused. */
const OPEN = new Set([
  'GET /api/upms/user/current',
  'POST /api/my/password',
  'POST /api/oauth/logout',
  'GET /api/oauth/publicKey',
  'POST /api/oauth/login',
  'POST /api/oauth/thirdparty/login',
  'POST /api/mobile/ding/talk/login',
  'POST /api/mobile/wecom/login',
  'GET /api/mobile/wecom/authorize',
  'POST /api/mobile/uni/app/login',
  'POST /api/mobile/wxmobile/app/signature2',
  'GET /api/upms/sys/config/info',
  'GET /api/health',
  'GET /api/health/ready',
]);
const MODULES = ['ai', 'contacts', 'custom', 'flow', 'mail', 'meeting', 'message', 'my', 'news', 'schedule', 'upms'];

/** One call as the person: status and envelope code (a live stream answers by its headers; it is closed at once). */
async function call(baseUrl: string, uid: string, route: RouteInfo, viaQuery = false) {
  const path = fillParams(route, randomUUID());
  const url = `${baseUrl}${path}${viaQuery ? `${path.includes('?') ? '&' : '?'}uid=${uid}` : ''}`;
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  const response = await fetch(url, {
    method: route.method,
    headers: { ...(viaQuery ? {} : { uid }), ...(withBody ? { 'content-type': 'application/json' } : {}) },
    body: withBody ? '{}' : undefined,
  });
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, code: 200, msg: '' };
  }
  const text = await response.text();
  const body = (() => {
    try {
      return JSON.parse(text) as { code?: number; msg?: string };
    } catch {
      return {};
    }
  })();
  return { status: response.status, code: body.code, msg: body.msg };
}

describe.each(drivers)('an initial password must be changed first on %s', (driver) => {
  const ctx = useServer(driver);
  const current = async (uid: string) =>
    (await api(ctx.server.baseUrl, uid).get<CurrentUserData>('/api/upms/user/current')).body.data;
  const refused = (answer: { status: number; code?: number; msg?: string }) =>
    answer.status === 403 && answer.code === ApiCode.passwordChangeRequired && answer.msg === '请先修改初始密码';

  it('refuses every other registered route until the password is changed, then nothing is refused', async () => {
    // what npm run org:import gives a new person (tests/api/org-import.test.ts runs the import itself)
    await ctx.server.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.username, 'wangwu'));
    const uid = await loginAs(ctx.server.baseUrl, 'wangwu', '123456');
    const other = await loginAs(ctx.server.baseUrl, 'zhangsan', '123456');
    expect((await current(uid)).mustChangePassword).toBe(true);
    expect((await current(other)).mustChangePassword).toBe(false);

    // every route the live app registered: a renamed or new route is covered without editing this test
    const routes = listRoutes(ctx.server.app);
    const keys = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const key of OPEN) expect(keys, key).toContain(key);
    for (const module of MODULES)
      expect(
        routes.some((r) => r.url.startsWith(`/api/${module}/`)),
        module,
      ).toBe(true);
    expect(keys).toContain('GET /api/events');
    const gated = routes.filter((r) => !OPEN.has(`${r.method} ${r.url}`));
    expect(gated.length).toBeGreaterThan(100);
    // logout would end the session: it is called last
    const open = routes.filter((r) => OPEN.has(`${r.method} ${r.url}`) && r.url !== '/api/oauth/logout');

    const wrongly: string[] = [];
    for (const route of gated) {
      const answer = await call(ctx.server.baseUrl, uid, route);
      if (!refused(answer))
        wrongly.push(`${route.method} ${route.url} → ${answer.status} ${answer.code} ${answer.msg}`);
    }
    expect(wrongly).toEqual([]);
    for (const route of open) {
      const answer = await call(ctx.server.baseUrl, uid, route);
      expect([route.url, refused(answer), answer.status < 500]).toEqual([route.url, false, true]);
    }
    // the live stream with the uid in the query (as an EventSource sends it), and no link ticket to get round it
    const events = routes.find((r) => r.url === '/api/events')!;
    expect(refused(await call(ctx.server.baseUrl, uid, events, true))).toBe(true);
    const ticket = await api(ctx.server.baseUrl, uid).post('/api/oauth/ticket');
    expect([ticket.status, ticket.body.code]).toEqual([403, ApiCode.passwordChangeRequired]);
    // someone else is not concerned
    const counts = await api(ctx.server.baseUrl, other).get('/api/flow/counts');
    expect(counts.status).toBe(200);

    const key = (await api(ctx.server.baseUrl).get<string>('/api/oauth/publicKey')).body.data;
    const changed = await api(ctx.server.baseUrl, uid).post('/api/my/password', {
      oldPassword: encryptPassword(key, '123456'),
      newPassword: encryptPassword(key, 'Wangwu2026'),
    });
    expect(changed.status, changed.body.msg).toBe(200);
    expect((await current(uid)).mustChangePassword).toBe(false);

    // at once, on the same session: no route refuses any more, and the stream opens
    const still: string[] = [];
    for (const route of gated) {
      const answer = await call(ctx.server.baseUrl, uid, route);
      if (refused(answer) || answer.status >= 500) still.push(`${route.method} ${route.url} → ${answer.status}`);
    }
    expect(still).toEqual([]);
    expect((await call(ctx.server.baseUrl, uid, events, true)).status).toBe(200);
    expect((await api(ctx.server.baseUrl, uid).get('/api/flow/counts')).status).toBe(200);
    const again = await loginAs(ctx.server.baseUrl, 'wangwu', 'Wangwu2026');
    expect((await current(again)).mustChangePassword).toBe(false);
    expect((await api(ctx.server.baseUrl, again).post('/api/oauth/logout')).status).toBe(200);
  });

  it('lets the person log out before changing the password', async () => {
    await ctx.server.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.username, 'zhaoliu'));
    const uid = await loginAs(ctx.server.baseUrl, 'zhaoliu', '123456');
    expect((await api(ctx.server.baseUrl, uid).get('/api/flow/counts')).body.code).toBe(ApiCode.passwordChangeRequired);
    expect((await api(ctx.server.baseUrl, uid).post('/api/oauth/logout')).status).toBe(200);
    expect((await api(ctx.server.baseUrl, uid).get('/api/upms/user/current')).status).toBe(401);
  });
});
