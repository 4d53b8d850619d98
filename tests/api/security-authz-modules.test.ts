import { randomUUID } from 'node:crypto';
import { meetingLists } from '../../contract/meeting';
import { describe, expect, it } from 'vitest';
import { fillParams, listRoutes, type RouteInfo } from '../support-bench/routes';
import { at, deptOf, roomOf, userId } from '../factories/meeting-client';
import { channelId } from '../factories/news-client';
import { cjk, drivers, useServer, type ServerContext } from './support/server';

/*
 * The authorisation matrix (security-authz.test.ts) sweeps every route for 401; this file holds the per-record rules of
 * the 通讯录, 我的, 业务建模, 会议, 日程, 资讯 and 邮件 modules: another staff member gets 403/404 on a record that is not
 * theirs and changes nothing, and malformed ids and bodies answer 400 with a Chinese message, never 500.
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

type Client = Awaited<ReturnType<ServerContext['as']>>;
type Answer = { status: number; body: { code?: number; msg: string; data: unknown } };

/** Every call in `calls` must be refused with one of `statuses`, with a Chinese message and no data. */
async function expectRefused(
  client: Client,
  calls: [method: string, path: string, body?: unknown][],
  statuses: number[],
) {
  const wrong: string[] = [];
  for (const [method, path, body] of calls) {
    const res = (await client.request(method, path, body as Record<string, unknown> | undefined)) as Answer;
    if (!statuses.includes(res.status) || !cjk.test(res.body.msg ?? '') || res.body.data != null)
      wrong.push(`${method} ${path} → ${res.status} ${res.body.msg}`);
  }
  expect(wrong).toEqual([]);
}

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

  it('keeps 通讯录 groups, personal contacts and favourites to their owner', async () => {
    const owner = await ctx.as('zhangsan');
    const outsider = await ctx.as('wangwu');
    const group = await owner.post<{ id: string }>('/api/contacts/groups', {
      name: '私人群组',
      memberIds: [userId('lisi')],
    });
    expect(group.status, group.body.msg).toBe(200);
    const g = `/api/contacts/groups/${group.body.data.id}`;
    await expectRefused(
      outsider,
      [
        ['GET', g],
        ['PUT', g, { name: '被改名' }],
        ['DELETE', g],
        ['POST', `${g}/members`, { userIds: [userId('wangwu')] }],
        ['DELETE', `${g}/members/${userId('lisi')}`],
      ],
      [403, 404],
    );
    const groups = await outsider.get<{ id: string }[]>('/api/contacts/groups');
    expect(groups.body.data.map((x) => x.id)).not.toContain(group.body.data.id);
    const kept = await owner.get<{ name: string; members: { id: string }[] }>(g);
    expect([kept.body.data.name, kept.body.data.members.map((m) => m.id)]).toEqual(['私人群组', [userId('lisi')]]);

    const contact = await owner.post<{ id: string }>('/api/contacts/personal', {
      name: '外部客户',
      mobile: '13800138000',
    });
    expect(contact.status, contact.body.msg).toBe(200);
    const c = `/api/contacts/personal/${contact.body.data.id}`;
    await expectRefused(
      outsider,
      [
        ['GET', c],
        ['PUT', c, { name: '被改', mobile: '13900139000' }],
        ['DELETE', c],
      ],
      [403, 404],
    );
    expect(
      (await outsider.get<{ total: number }>(`/api/contacts/personal?keyword=${encodeURIComponent('外部客户')}`)).body
        .data.total,
    ).toBe(0);
    expect((await owner.get<{ name: string }>(c)).body.data.name).toBe('外部客户');

    // favourites are per user: another's star or unstar never touches the owner's list
    expect((await owner.put(`/api/contacts/favourites/${userId('lisi')}`)).status).toBe(200);
    expect((await outsider.get<{ id: string }[]>('/api/contacts/favourites')).body.data.map((n) => n.id)).not.toContain(
      userId('lisi'),
    );
    expect((await outsider.delete(`/api/contacts/favourites/${userId('lisi')}`)).status).toBe(200); // their own list: nothing to remove
    await expectRefused(outsider, [['DELETE', `/api/contacts/favourites/${randomUUID()}`]], [404]);
    await expectRefused(outsider, [['PUT', `/api/contacts/favourites/${randomUUID()}`]], [400]); // 所选人员不存在或不可见, as every picker says
    expect((await owner.get<{ id: string }[]>('/api/contacts/favourites')).body.data.map((n) => n.id)).toContain(
      userId('lisi'),
    );
  });

  it('keeps a 业务建模 record from staff without the read right, and models to admins', async () => {
    const values = {
      contractNo: 'HT-2026-901',
      name: '越权测试合同',
      partyB: '测试供应商有限公司',
      category: 'purchase',
      amount: 100,
      signDate: '2026-06-01',
      owner: '综合管理部',
    };
    const made = await (
      await ctx.as('zhaoliu')
    ).post<{ id: string }>('/api/custom/models/contract/records', { values });
    expect(made.status, made.body.msg).toBe(200);
    const r = `/api/custom/records/${made.body.data.id}`;
    // a record out of reach answers as a missing one, on every verb
    await expectRefused(
      await ctx.as('wangwu'),
      [
        ['GET', r],
        ['PUT', r, { values }],
        ['DELETE', r],
      ],
      [404],
    );
    await expectRefused(
      await ctx.as('wangwu'),
      [
        ['GET', '/api/custom/models/joinus'],
        ['GET', '/api/custom/models/joinus/records'],
        ['POST', '/api/custom/models/joinus/records', { values: {} }],
      ],
      [403],
    );
    const list = await (
      await ctx.as('wangwu')
    ).get<{ rows: { id: string }[] }>('/api/custom/models/contract/records?pageSize=100');
    expect(list.body.data.rows.map((row) => row.id)).not.toContain(made.body.data.id);
    expect((await (await ctx.as('zhaoliu')).get(r)).status).toBe(200);
  });

  it('keeps a 会议 from staff who are not invited, and its organiser actions to the organiser', async () => {
    const lisi = await ctx.as('lisi');
    const made = await lisi.post<{ id: string }>('/api/meeting', {
      subject: '保密评审会',
      roomId: roomOf('第二会议室'),
      startAt: at('2033-05-06', '10:00'),
      endAt: at('2033-05-06', '11:00'),
      hostDeptId: deptOf('admin-office'),
      inviteeIds: [userId('zhangsan')],
    });
    expect(made.status, made.body.msg).toBe(200);
    const m = `/api/meeting/${made.body.data.id}`;
    const edit = {
      subject: '被改',
      roomId: roomOf('第二会议室'),
      startAt: at('2033-05-06', '10:00'),
      endAt: at('2033-05-06', '11:00'),
      hostDeptId: deptOf('admin-office'),
      inviteeIds: [userId('wangwu')],
    };
    await expectRefused(
      await ctx.as('wangwu'),
      [
        ['GET', m],
        ['PUT', m, edit],
        ['POST', `${m}/cancel`, {}],
        ['POST', `${m}/response`, { response: 'accepted' }],
        ['POST', `${m}/minutes`, { minutes: '纪要' }],
        ['GET', `${m}/sign-in-token`],
        ['GET', `${m}/sign-ins`],
        ['POST', `${m}/manual-sign-in`, { userIds: [userId('wangwu')] }],
      ],
      [403, 404],
    );
    // an invitee reads it but runs none of the organiser's actions
    await expectRefused(
      await ctx.as('zhangsan'),
      [
        ['PUT', m, edit],
        ['POST', `${m}/cancel`, {}],
        ['GET', `${m}/sign-in-token`],
        ['GET', `${m}/sign-ins`],
        ['POST', `${m}/manual-sign-in`, { userIds: [userId('zhangsan')] }],
      ],
      [403],
    );
    for (const kind of Object.keys(meetingLists)) {
      const list = await (
        await ctx.as('wangwu')
      ).get<{ rows: { id: string }[] }>(`/api/meeting/list/${kind}?pageSize=100`);
      expect([kind, list.status]).toEqual([kind, 200]);
      expect(list.body.data.rows.map((row) => row.id)).not.toContain(made.body.data.id);
    }
    const detail = await lisi.get<{ subject: string; cancelled?: boolean; status?: string }>(m);
    expect(detail.body.data.subject).toBe('保密评审会');
    expect(detail.body.data.status).not.toBe('cancelled');
  });

  it('keeps a 日程 event to its owner and participants', async () => {
    const made = await (
      await ctx.as('zhaoliu')
    ).post<{ id: string }>('/api/schedule/events', {
      title: '私人日程',
      startAt: at('2033-06-01', '14:00'),
      endAt: at('2033-06-01', '15:00'),
      participantIds: [userId('sunqi')],
    });
    expect(made.status, made.body.msg).toBe(200);
    const e = `/api/schedule/events/${made.body.data.id}`;
    const body = { title: '被改', startAt: at('2033-06-01', '14:00'), endAt: at('2033-06-01', '15:00') };
    await expectRefused(
      await ctx.as('wangwu'),
      [
        ['GET', e],
        ['PUT', e, body],
        ['DELETE', e],
      ],
      [403, 404],
    );
    // a participant sees it and may not change it
    await expectRefused(
      await ctx.as('sunqi'),
      [
        ['PUT', e, body],
        ['DELETE', e],
      ],
      [403],
    );
    const range = await (
      await ctx.as('wangwu')
    ).get<{ eventId: string }[]>('/api/schedule/occurrences?from=2033-06-01&to=2033-06-01');
    expect(range.body.data.map((o) => o.eventId)).not.toContain(made.body.data.id);
    const ics = await fetch(`${ctx.server.baseUrl}/api/schedule/export.ics`, {
      headers: { uid: await ctx.uidOf('wangwu') },
    });
    expect(await ics.text()).not.toContain('私人日程');
    expect((await (await ctx.as('zhaoliu')).get<{ title: string }>(e)).body.data.title).toBe('私人日程');
  });

  it('keeps an unpublished 资讯 article (draft or under review) from other staff', async () => {
    const zhangsan = await ctx.as('zhangsan');
    const draft = await zhangsan.post<{ id: string }>('/api/news/articles', {
      channelId: channelId('dept'),
      title: '未发布草稿',
      bodyHtml: '<p>草稿</p>',
    });
    const pending = await zhangsan.post<{ id: string }>('/api/news/articles', {
      channelId: channelId('dept'),
      title: '待审资讯',
      bodyHtml: '<p>待审</p>',
      submit: true,
    });
    expect([draft.status, pending.status]).toEqual([200, 200]);
    for (const id of [draft.body.data.id, pending.body.data.id]) {
      const a = `/api/news/articles/${id}`;
      await expectRefused(
        await ctx.as('wangwu'),
        [
          ['GET', a],
          ['PUT', a, { channelId: channelId('dept'), title: '被改', bodyHtml: '<p>x</p>' }],
          ['DELETE', a],
          ['POST', `${a}/review`, { decision: 'approve' }],
          ['POST', `${a}/view`],
          ['POST', `${a}/like`, { liked: true }],
          ['GET', `${a}/comments`],
          ['POST', `${a}/comments`, { content: '越权评论' }],
        ],
        [403, 404],
      );
    }
    const listed = await (
      await ctx.as('wangwu')
    ).get<{ rows: { id: string }[] }>(`/api/news/articles?keyword=${encodeURIComponent('资讯')}&pageSize=100`);
    expect(listed.body.data.rows.map((r) => r.id)).not.toContain(pending.body.data.id);
    expect((await zhangsan.get<{ title: string }>(`/api/news/articles/${draft.body.data.id}`)).body.data.title).toBe(
      '未发布草稿',
    );
  });

  it('keeps 邮件 to its sender and recipients, and a draft to its author alone', async () => {
    const sent = await (
      await ctx.as('zhangsan')
    ).post<{ id: string }>('/api/mail/messages', {
      to: [userId('lisi')],
      subject: '仅李四可读',
      bodyHtml: '机密',
      send: true,
    });
    const draft = await (
      await ctx.as('zhangsan')
    ).post<{ id: string }>('/api/mail/messages', { to: [userId('lisi')], subject: '未发出的草稿', bodyHtml: '草稿' });
    expect([sent.status, draft.status]).toEqual([200, 200]);
    const actions = ['read', 'unread', 'star', 'unstar', 'delete', 'restore', 'purge'];
    const calls = (id: string): [string, string][] => [
      ['GET', `/api/mail/messages/${id}`],
      ...actions.map((a): [string, string] => ['POST', `/api/mail/messages/${id}/${a}`]),
    ];
    await expectRefused(await ctx.as('wangwu'), calls(sent.body.data.id), [404]);
    // the named recipient of an unsent draft has nothing to read yet
    await expectRefused(await ctx.as('lisi'), calls(draft.body.data.id), [404]);
    // nor overwrite another's draft, nor reply to or forward a mail they are not party to (that would copy it out)
    const wangwu = await ctx.as('wangwu');
    await expectRefused(
      wangwu,
      [
        [
          'POST',
          '/api/mail/messages',
          { id: draft.body.data.id, to: [userId('wangwu')], subject: '夺取草稿', bodyHtml: 'x' },
        ],
        [
          'POST',
          '/api/mail/messages',
          { parentId: sent.body.data.id, relation: 'forward', to: [userId('wangwu')], subject: '转发', send: true },
        ],
        [
          'POST',
          '/api/mail/messages',
          { parentId: sent.body.data.id, relation: 'reply', to: [userId('zhangsan')], subject: '回复', send: true },
        ],
      ],
      [403, 404],
    );
    expect(
      (await (await ctx.as('zhangsan')).get<{ subject: string }>(`/api/mail/messages/${draft.body.data.id}`)).body.data
        .subject,
    ).toBe('未发出的草稿');
    expect((await (await ctx.as('lisi')).get(`/api/mail/messages/${sent.body.data.id}`)).status).toBe(200);
    expect((await (await ctx.as('zhangsan')).get(`/api/mail/messages/${draft.body.data.id}`)).status).toBe(200);
  });

  it('keeps 我的 settings per user: a change by one staff member leaves another untouched', async () => {
    const before = (await (await ctx.as('zhangsan')).get('/api/my/preferences')).body.data;
    const wangwu = await ctx.as('wangwu');
    expect((await wangwu.put('/api/my/preferences/phrases', { phrases: ['王五的常用语'] })).status).toBe(200);
    expect((await (await ctx.as('zhangsan')).get('/api/my/preferences')).body.data).toEqual(before);
    const wrongOld = await wangwu.post('/api/my/password', {
      oldPassword: 'not-his-password',
      newPassword: 'Another#2026x',
    });
    expect([wrongOld.status, cjk.test(wrongOld.body.msg)]).toEqual([400, true]);
  });
});
