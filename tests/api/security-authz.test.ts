import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, loginAs } from '../factories/test-server';
import { fillParams, listRoutes, type RouteInfo } from '../support-bench/routes';
import { drivers, useServer } from './support/server';

/** Routes that answer without a session by design (login, the login page's config, WeCom signing before login). */
const publicRoutes = new Set([
  'GET /api/health',
  // the load balancer asks it without a session (tests/api/metrics.test.ts); GET /metrics is outside /api: loopback or METRICS_TOKEN
  'GET /api/health/ready',
  'GET /api/oauth/publicKey',
  'POST /api/oauth/login',
  'POST /api/oauth/thirdparty/login',
  'GET /api/upms/sys/config/info',
  'POST /api/mobile/ding/talk/login',
  // the WeCom entry: its OAuth page and the code's exchange (tests/api/mobile-wecom.test.ts)
  'POST /api/mobile/wecom/login',
  'GET /api/mobile/wecom/authorize',
  'POST /api/mobile/wxmobile/app/signature2',
  // a bound app client id signs its user in (spec §4); an unbound one is refused (tests/api/mobile.test.ts)
  'POST /api/mobile/uni/app/login',
  // calendar apps subscribe by the feed's secret token, without a session (security-authz-modules.test.ts checks it)
  'GET /api/schedule/feed/:token',
  // a device's service worker has no session: a push's one-time receipt token, and a renewed subscription's old
  // endpoint and auth secret, authorise these (tests/api/reach-receipts.test.ts, reach-push-renewal.test.ts)
  'POST /api/push/receipts',
  'POST /api/push/subscriptions/replace',
  // 同意 from a 待办 notification: the push's one-time action token authorises it (flow-notification-approve.test.ts)
  'POST /api/flow/tasks/:id/approve-from-notification',
]);
/** Prefixes of modules whose pages are reachable without login (spec: /joinus/index). */
const publicPrefixes = ['/api/joinus/'];

/**
 * The routes this file names or calls by path. The sweeps above a renamed route pass quietly (a public route is just
 * no longer public; a stranger's 404 and anonymous 401 look the same for a route that is gone), so each must be one the
 * app registers.
 */
const namedRoutes = [
  ...publicRoutes,
  'POST /api/form/common/file/upload',
  'GET /api/form/common/api/downloadFile',
  'GET /api/flow/task/:list',
  'GET /api/flow/instances/:id',
  'POST /api/flow/instances/:id/withdraw',
  'POST /api/flow/instances/:id/urge',
  'POST /api/flow/instances/:id/comments',
  'POST /api/flow/tasks/:id/approve',
  'POST /api/flow/tasks/:id/reject',
  'POST /api/mail/messages',
  'GET /api/mail/messages/:id',
  'POST /api/mail/messages/:id/:action', // :action delete
  'GET /api/upms/user/current',
];

const isPublic = (r: RouteInfo) =>
  publicRoutes.has(`${r.method} ${r.url}`) || publicPrefixes.some((p) => r.url.startsWith(p));
const label = (r: RouteInfo) => `${r.method} ${r.url}`;
const bodyFor = (r: RouteInfo) => (r.method === 'GET' || r.method === 'DELETE' ? undefined : {});

describe.each(drivers)('authorisation matrix on %s', (driver) => {
  const ctx = useServer(driver);

  it('names only routes the app registers: a renamed one fails here instead of passing or skipping', () => {
    const routes = listRoutes(ctx.server.app);
    const registered = new Set(routes.map(label));
    expect(namedRoutes.filter((route) => !registered.has(route))).toEqual([]);
    expect(publicPrefixes.filter((prefix) => !routes.some((r) => r.url.startsWith(prefix)))).toEqual([]);
  });

  it('refuses every non-public route without a session, and with a logged-out one (401, nothing leaked)', async () => {
    const routes = listRoutes(ctx.server.app);
    expect(routes.length).toBeGreaterThan(20);
    const anonymous = await ctx.as(null);
    const revoked = await loginAs(ctx.server.baseUrl, 'wangwu', '123456');
    await api(ctx.server.baseUrl, revoked).post('/api/oauth/logout');
    const loggedOut = api(ctx.server.baseUrl, revoked);
    const failures: string[] = [];
    for (const route of routes.filter((r) => !isPublic(r))) {
      for (const [who, client] of [
        ['anonymous', anonymous],
        ['logged out', loggedOut],
      ] as const) {
        const res = await client.request(route.method, fillParams(route, randomUUID()), bodyFor(route));
        if (res.status !== 401 || res.body.code !== 401 || res.body.data != null)
          failures.push(`${who} ${label(route)} → ${res.status} ${res.body.msg}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers every id route for an id that does not exist without data and without a server error', async () => {
    const staff = await ctx.as('wangwu');
    const failures: string[] = [];
    for (const route of listRoutes(ctx.server.app).filter((r) => r.params.length > 0)) {
      const res = await staff.request(route.method, fillParams(route, randomUUID()), bodyFor(route));
      if (res.status >= 500) failures.push(`${label(route)} → ${res.status}`);
      // a write on a record that does not exist must never succeed
      if (route.method !== 'GET' && res.status < 400)
        failures.push(`${label(route)} → ${res.status} (write succeeded)`);
    }
    expect(failures).toEqual([]);
  });

  it('lets only a receiver mark a message read: owner 200, other staff 404, anonymous 401, admin 404', async () => {
    const lisiId = await userId(ctx, 'lisi');
    const sent = await (
      await ctx.as('zhangsan')
    ).post<{ id: string }>('/api/upms/message/send', {
      title: '仅李四可见',
      content: '机密',
      receiverIds: [lisiId],
      channels: ['app'],
    });
    expect(sent.status).toBe(200);
    const path = `/api/message/${sent.body.data.id}/read`;
    expect((await (await ctx.as(null)).post(path)).status).toBe(401);
    for (const outsider of ['wangwu', 'admin', 'zhangsan']) {
      const res = await (await ctx.as(outsider)).post(path);
      expect([outsider, res.status, res.body.msg]).toEqual([outsider, 404, '消息不存在']);
    }
    // the outsiders' attempts changed nothing: the message is still unread for its receiver
    const before = await (
      await ctx.as('lisi')
    ).get<{ rows: { id: string; read: boolean }[] }>('/api/message/inbox?keyword=仅李四可见');
    expect(before.body.data.rows.map((r) => r.read)).toEqual([false]);
    expect((await (await ctx.as('lisi')).post(path)).status).toBe(200);
    // and nobody else sees it in their inbox
    for (const outsider of ['wangwu', 'admin', 'zhangsan']) {
      const inbox = await (
        await ctx.as(outsider)
      ).get<{ rows: unknown[]; total: number }>('/api/message/inbox?keyword=仅李四可见');
      expect([outsider, inbox.body.data.total]).toEqual([outsider, 0]);
    }
  });

  it('serves an unattached upload only to its uploader with a live session (owner 200; other staff and admin 404; anonymous 401)', async () => {
    const form = new FormData();
    form.append('file', new Blob(['季度报表']), 'report.txt');
    const up = await (await ctx.as('zhangsan')).post<{ fileName: string }[]>('/api/form/common/file/upload', form);
    expect(up.status).toBe(200);
    const url = `/api/form/common/api/downloadFile?fileName=${up.body.data[0]!.fileName}`;
    expect((await (await ctx.as('zhangsan')).get(url)).status).toBe(200);
    // a file follows its record; one on no record yet is its uploader's alone (files-access.test.ts covers records)
    for (const who of ['wangwu', 'admin'])
      expect([who, (await (await ctx.as(who)).get(url)).status]).toEqual([who, 404]);
    expect((await (await ctx.as(null)).get(url)).status).toBe(401);
    expect((await (await ctx.as(null)).get(`${url}&uid=not-a-session`)).status).toBe(401);
  });

  it('guards workflow records: handler, initiator and admin may, an outsider and anonymous may not', async () => {
    // a pending task of a non-admin demo user, taken from their own 待办 list
    let owner = '';
    let task: { id: string; instanceId: string } | undefined;
    for (const name of ['zhangsan', 'lisi', 'wangwu']) {
      const todo = await (
        await ctx.as(name)
      ).get<{ rows: { id: string; instanceId: string }[] }>('/api/flow/task/todo?pageSize=5');
      task = todo.body.data?.rows[0];
      if (task) {
        owner = name;
        break;
      }
    }
    expect(task, 'the demo seed has a pending task').toBeTruthy();
    const detail = `/api/flow/instances/${task!.instanceId}`;
    let outsider = '';
    for (const name of ['zhengyu', 'hejing', 'zhaoliu', 'sunli']) {
      if ((await (await ctx.as(name)).get(detail)).status === 404) {
        outsider = name;
        break;
      }
    }
    expect(outsider, 'a demo user unrelated to the instance').not.toBe('');
    const anonymous = await ctx.as(null);
    const stranger = await ctx.as(outsider);
    const hidden = await stranger.get(detail);
    // 404 as for a missing request: a stranger cannot learn that the id exists
    expect([hidden.status, hidden.body.msg, hidden.body.data]).toEqual([404, '流程不存在', null]);
    expect((await anonymous.get(detail)).status).toBe(401);
    expect((await (await ctx.as(owner)).get(detail)).status).toBe(200);
    expect((await (await ctx.as('admin')).get(detail)).status).toBe(200);
    const writes = [
      `/api/flow/tasks/${task!.id}/approve`,
      `/api/flow/tasks/${task!.id}/reject`,
      `${detail}/withdraw`,
      `${detail}/urge`,
    ];
    for (const path of writes) {
      expect([path, (await anonymous.post(path, { opinion: '越权' })).status]).toEqual([path, 401]);
      expect([path, (await stranger.post(path, { opinion: '越权', channels: ['app'] })).status]).toEqual([path, 404]);
    }
    // 评论 follows the detail's rule: an outsider may not, anonymous hears 401 first
    expect((await anonymous.post(`${detail}/comments`, { content: '越权' })).status).toBe(401);
    expect((await stranger.post(`${detail}/comments`, { content: '越权' })).status).toBe(404);
    // an admin reads everything but acts only where they are the handler
    expect(
      (await (await ctx.as('admin')).post(`/api/flow/tasks/${task!.id}/approve`, { opinion: '越权' })).status,
    ).toBe(403);
    const after = await (await ctx.as(owner)).get<{ rows: { id: string }[] }>('/api/flow/task/todo?pageSize=100');
    expect(after.body.data.rows.map((r) => r.id)).toContain(task!.id);
  });

  it('guards mail: sender and recipients read it, another staff member and admin get 404, anonymous 401', async () => {
    const lisiId = await userId(ctx, 'lisi');
    const sent = await (
      await ctx.as('zhangsan')
    ).post<{ id: string }>('/api/mail/messages', { to: [lisiId], subject: '仅李四可读', bodyHtml: '机密', send: true });
    expect(sent.status).toBe(200);
    const path = `/api/mail/messages/${sent.body.data.id}`;
    for (const reader of ['zhangsan', 'lisi'])
      expect([reader, (await (await ctx.as(reader)).get(path)).status]).toEqual([reader, 200]);
    for (const outsider of ['wangwu', 'admin']) {
      expect([outsider, (await (await ctx.as(outsider)).get(path)).status]).toEqual([outsider, 404]);
      expect([outsider, (await (await ctx.as(outsider)).post(`${path}/delete`)).status]).toEqual([outsider, 404]);
    }
    expect((await (await ctx.as(null)).get(path)).status).toBe(401);
  });

  it('keeps the public login-page config free of secrets', async () => {
    const res = await (await ctx.as(null)).get('/api/upms/sys/config/info');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body.data)).not.toMatch(/secret|password|private|passwd|BEGIN .*KEY/i);
  });
});

async function userId(ctx: ReturnType<typeof useServer>, username: string): Promise<string> {
  const me = await (await ctx.as(username)).get<{ userVo: { id: string } }>('/api/upms/user/current');
  return me.body.data.userVo.id;
}
