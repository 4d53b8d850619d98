import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fillParams, listRoutes, type RouteInfo } from '../support-bench/routes';
import { cjk, drivers, useServer, type ServerContext } from './support/server';
import type { Answer } from './support/authz';

/*
 * The authorisation matrix (security-authz.test.ts) sweeps every route for 401; this file sweeps the routes of the
 * 通讯录, 我的, 业务建模, 会议, 日程, 资讯 and 邮件 modules: anonymous callers hear 401, and malformed ids and bodies answer
 * 400 with a Chinese message, never 500. The per-record rules are in security-authz-records and -content.
 */

const modulePrefixes = [
  '/api/contacts/',
  '/api/my/',
  '/api/custom/',
  '/api/meeting',
  '/api/schedule/',
  '/api/news/',
  '/api/mail/',
];
const moduleRoutes = (ctx: ServerContext) =>
  listRoutes(ctx.server.app).filter((r) => modulePrefixes.some((p) => r.url.startsWith(p)));
const label = (r: RouteInfo) => `${r.method} ${r.url}`;
/** The subscription feed is reached by its secret token from calendar apps, which send no session (spec: webcal://). */
const tokenRoutes = new Set(['GET /api/schedule/feed/:token']);
/** writes that read no body (a feed link is minted from nothing) */
const bodiless = new Set(['POST /api/schedule/feed']);

/** A draft mail may be saved with nothing filled in yet: unknown keys are dropped and an empty draft is stored. */
const isLenientDraft = (route: RouteInfo, body: unknown) =>
  label(route) === 'POST /api/mail/messages' &&
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  !('to' in body);

describe.each(drivers)('module authorisation on %s', (driver) => {
  const ctx = useServer(driver);

  it('registers every module and refuses all its routes to an anonymous caller with 401', async () => {
    const routes = moduleRoutes(ctx);
    for (const prefix of modulePrefixes)
      expect([prefix, routes.some((r) => r.url.startsWith(prefix))]).toEqual([prefix, true]);
    // a renamed feed route would otherwise be swept for 401 under its new name and this exemption would name nothing
    const registered = new Set(routes.map(label));
    expect([...tokenRoutes, ...bodiless].filter((route) => !registered.has(route))).toEqual([]);
    const anonymous = await ctx.as(null);
    const failures: string[] = [];
    for (const route of routes.filter((r) => !tokenRoutes.has(label(r)))) {
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const res = (await anonymous.request(route.method, fillParams(route, randomUUID()), body)) as Answer;
      if (res.status !== 401 || res.body.data != null) failures.push(`${label(route)} → ${res.status}`);
    }
    expect(failures).toEqual([]);
    // the feed answers a token that was never issued like any bad link, without calendar data
    expect((await anonymous.get(`/api/schedule/feed/${'x'.repeat(32)}.ics`)).status).toBe(404);
  });

  it('answers a malformed id on every module route with 400 (ids) or 404 (names) and a Chinese message, never 500', async () => {
    const staff = await ctx.as('wangwu');
    const failures: string[] = [];
    for (const route of moduleRoutes(ctx).filter((r) => r.params.length > 0)) {
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const res = (await staff.request(route.method, fillParams(route, 'not-an-id'), body)) as Answer;
      const idOnly = route.params.every((p) => p === 'id' || p === 'userId');
      const expected = idOnly ? [400] : [400, 404];
      if (!expected.includes(res.status) || !cjk.test(res.body.msg ?? '') || res.body.data != null)
        failures.push(`${label(route)} → ${res.status} ${res.body.msg}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers a body of the wrong shape on every module write with a Chinese refusal, never 500', async () => {
    const staff = await ctx.as('wangwu');
    const junk: unknown[] = [
      [1, 2],
      {
        name: 42,
        title: [],
        subject: {},
        to: 'lisi',
        values: 'x',
        memberIds: 'a',
        userIds: [1],
        response: 'maybe',
        liked: 'yes',
        content: 7,
        minutes: 1,
      },
      {
        startAt: '明天',
        endAt: 3,
        recurrence: 'weekly',
        channels: 'app',
        phrases: 'x',
        oldPassword: 1,
        newPassword: 2,
        image: 5,
        decision: 'x',
        code: 9,
      },
    ];
    const failures: string[] = [];
    for (const route of moduleRoutes(ctx).filter(
      (r) => (r.method === 'POST' || r.method === 'PUT') && !bodiless.has(label(r)),
    )) {
      for (const body of junk) {
        const res = (await staff.request(
          route.method,
          fillParams(route, randomUUID()),
          body as Record<string, unknown>,
        )) as Answer;
        // a write on a record that does not exist may answer 404 before reading its body: either way a refusal in Chinese
        if (res.status >= 500 || (res.status < 400 && !isLenientDraft(route, body)) || !cjk.test(res.body.msg ?? ''))
          failures.push(`${label(route)} ${JSON.stringify(body).slice(0, 20)} → ${res.status} ${res.body.msg}`);
      }
    }
    expect(failures).toEqual([]);
    // creations have no record to miss: a body of the wrong type is refused with 400 and says which field
    const creations: [string, Record<string, unknown>][] = [
      ['/api/contacts/groups', { name: 42 }],
      ['/api/contacts/personal', { name: '客户', mobile: 'abc' }],
      ['/api/meeting', { subject: '会', startAt: '明天' }],
      ['/api/schedule/events', { title: '日程', startAt: 3, endAt: 'x' }],
      ['/api/news/articles', { channelId: 'nope', title: [] }],
      ['/api/mail/messages', { to: 'lisi', subject: {} }],
      ['/api/my/password', { oldPassword: 1 }],
      ['/api/meeting/sign-in', { code: '' }],
      ['/api/custom/models/contract/records', { values: 'x' }],
    ];
    for (const [path, body] of creations) {
      const res = (await staff.post(path, body)) as Answer;
      expect([path, res.status, cjk.test(res.body.msg), res.body.data ?? null]).toEqual([path, 400, true, null]);
    }
  });
});
