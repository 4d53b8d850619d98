import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Badges, InboxMessage } from '../../contract/message';
import type { Page } from '../../contract/envelope';
import type { SelectorNode } from '../../contract/upms';
import { messageDeliveries, messages } from '../../server/db/schema';
import { toCount } from '../../server/db/client';
import { seedInbox } from '../../bench/lib/seed-bench-data';
import { drivers, useServer } from './support/server';

describe.each(drivers)('messages, badges and idempotency on %s', (driver) => {
  const ctx = useServer(driver);

  async function userId(name: string): Promise<string> {
    const nodes = (
      await (
        await ctx.as('admin')
      ).get<SelectorNode[]>(`/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent(name)}`)
    ).body.data;
    return nodes[0]!.id;
  }
  const countMessages = async (title: string) =>
    toCount(
      (await ctx.server.database.db.select({ n: count() }).from(messages).where(eq(messages.title, title)))[0]?.n,
    );

  it('sends a message per receiver per channel, shows it in the inbox, marks it read, counts the badge', async () => {
    const lisi = await ctx.as('lisi');
    const before = (await lisi.get<Badges>('/api/message/badges')).body.data;
    expect(Object.keys(before).sort()).toEqual(['flow', 'mail', 'meeting', 'message', 'news']);
    const receivers = [await userId('李四'), await userId('王五')];
    const sent = await (
      await ctx.as('zhangsan')
    ).post<{ id: string; deliveries: number }>('/api/upms/message/send', {
      title: '关于召开季度工作会议的通知',
      content: '请于周五下午三点到三楼会议室参会。',
      receiverIds: receivers,
      channels: ['app', 'sms', 'Wechat'],
    });
    expect(sent.body.code).toBe(200);
    expect(sent.body.data.deliveries).toBe(6);
    const rows = await ctx.server.database.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.messageId, sent.body.data.id));
    expect(rows.filter((r) => r.channel === 'sms').every((r) => r.status === 'logged')).toBe(true);

    const inbox = (await lisi.get<Page<InboxMessage>>('/api/message/inbox?pageNum=1&pageSize=10')).body.data;
    expect(inbox.total).toBeGreaterThanOrEqual(1);
    expect(inbox.rows[0]).toMatchObject({
      id: sent.body.data.id,
      title: '关于召开季度工作会议的通知',
      senderName: '张三',
      read: false,
    });
    expect(new Date(inbox.rows[0]!.createdAt).toISOString()).toBe(inbox.rows[0]!.createdAt);
    expect((await lisi.get<Badges>('/api/message/badges')).body.data.message).toBe(before.message + 1);

    const filtered = (await lisi.get<Page<InboxMessage>>(`/api/message/inbox?keyword=${encodeURIComponent('季度')}`))
      .body.data;
    expect(filtered.rows.map((r) => r.id)).toContain(sent.body.data.id);
    expect((await lisi.get<Page<InboxMessage>>('/api/message/inbox?keyword=nothing-like-this')).body.data).toEqual({
      rows: [],
      total: 0,
    });

    expect((await lisi.post(`/api/message/${sent.body.data.id}/read`)).body.code).toBe(200);
    expect((await lisi.get<Badges>('/api/message/badges')).body.data.message).toBe(before.message);
    // somebody else's message cannot be marked by the wrong user
    expect((await (await ctx.as('zhaoliu')).post(`/api/message/${sent.body.data.id}/read`)).status).toBe(404);
  });

  it('pages a long inbox newest first with the same total on every page, past the end too', async () => {
    await seedInbox(ctx.server.database.db, 'sunqi', 45);
    const sunqi = await ctx.as('sunqi');
    const expected = (
      (await ctx.server.database.db
        .execute(sql`select m.id from message_deliveries d join messages m on m.id = d.message_id
        join users u on u.id = d.receiver_id where u.username = 'sunqi' and d.channel = 'app' order by d.created_at desc, d.id desc`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((r) => r.id);
    expect(expected.length).toBeGreaterThanOrEqual(45);
    const pages = [];
    for (const pageNum of [1, 2, 3, 4, 5])
      pages.push((await sunqi.get<Page<InboxMessage>>(`/api/message/inbox?pageNum=${pageNum}&pageSize=10`)).body.data);
    expect(pages.map((p) => p.total)).toEqual(pages.map(() => expected.length));
    expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(expected);
    const past = (await sunqi.get<Page<InboxMessage>>('/api/message/inbox?pageNum=9&pageSize=10')).body.data;
    expect(past).toEqual({ rows: [], total: expected.length });
    // a keyword counts only what it finds: every fifth seeded message is about a leave
    const leave = (
      await sunqi.get<Page<InboxMessage>>(`/api/message/inbox?pageSize=50&keyword=${encodeURIComponent('请假审批')}`)
    ).body.data;
    expect(leave.total).toBe(9);
    expect(leave.rows).toHaveLength(9);
    // someone whose inbox is empty
    await ctx.server.database.db
      .execute(sql`insert into users (username, real_name, password_hash, org_id, search_grams)
      select 'inboxempty', '空收件箱', password_hash, org_id, '{}' from users where username = 'sunqi'`);
    expect(
      (await (await ctx.as('inboxempty')).get<Page<InboxMessage>>('/api/message/inbox?pageNum=1&pageSize=10')).body
        .data,
    ).toEqual({ rows: [], total: 0 });
  });

  it('refuses unknown receivers and records nothing', async () => {
    const title = `不存在的接收人-${driver}`;
    const res = await (
      await ctx.as('zhangsan')
    ).post('/api/upms/message/send', {
      title,
      receiverIds: [await userId('李四'), randomUUID()],
      channels: ['app'],
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('接收人不存在');
    expect(await countMessages(title)).toBe(0);
  });

  it('answers a repeated Idempotency-Key with the first answer and records once', async () => {
    const client = await ctx.as('zhangsan');
    const title = `幂等测试-${driver}`;
    const body = { title, receiverIds: [await userId('李四')], channels: ['app'] };
    const key = randomUUID();
    const first = await client.post('/api/upms/message/send', body, { 'Idempotency-Key': key });
    const second = await client.post('/api/upms/message/send', body, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await countMessages(title)).toBe(1);
    // a failed first answer is replayed too (nothing changes either time)
    const badKey = randomUUID();
    const bad = { ...body, receiverIds: [randomUUID()] };
    const a = await client.post('/api/upms/message/send', bad, { 'Idempotency-Key': badKey });
    const b = await client.post('/api/upms/message/send', bad, { 'Idempotency-Key': badKey });
    expect([a.status, b.status]).toEqual([400, 400]);
    expect(b.body).toEqual(a.body);
  });

  it('handles concurrent duplicates once', async () => {
    const client = await ctx.as('zhangsan');
    const title = `并发幂等-${driver}`;
    const body = { title, receiverIds: [await userId('李四')], channels: ['app', 'email'] };
    const key = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => client.post('/api/upms/message/send', body, { 'Idempotency-Key': key })),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    for (const a of ok) expect(a.body).toEqual(ok[0]!.body);
    expect(await countMessages(title)).toBe(1);
  });

  it('keeps keys per user and per request', async () => {
    const key = randomUUID();
    const body = { title: `按用户-${driver}`, receiverIds: [await userId('李四')], channels: ['app'] };
    const a = await (
      await ctx.as('zhangsan')
    ).post<{ id: string }>('/api/upms/message/send', body, { 'Idempotency-Key': key });
    const b = await (
      await ctx.as('wangwu')
    ).post<{ id: string }>('/api/upms/message/send', body, { 'Idempotency-Key': key });
    expect(a.body.data.id).not.toBe(b.body.data.id);
    const other = await (
      await ctx.as('zhangsan')
    ).post(`/api/message/${a.body.data.id}/read`, undefined, { 'Idempotency-Key': key });
    expect(other.status).toBe(409);
  });

  it("lets staff link only to the app's own pages; an external link is for administrators", async () => {
    const receiverIds = [await userId('李四')];
    const send = async (who: string, link: string) =>
      (await ctx.as(who)).post('/api/upms/message/send', {
        title: `链接 ${who} ${link}`,
        content: '请查看',
        receiverIds,
        channels: ['app'],
        link,
      });
    const phishing = await send('zhangsan', 'https://evil.example.com/login');
    expect([phishing.status, phishing.body.msg]).toEqual([403, '只能发送系统内部链接']);
    expect(await countMessages('链接 zhangsan https://evil.example.com/login')).toBe(0);
    expect((await send('zhangsan', '/flow/detail?id=1')).body.code).toBe(200);
    expect((await send('admin', 'https://www.example.com/notice')).body.code).toBe(200);
  });
});
