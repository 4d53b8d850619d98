import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SelectorNode } from '../../contract/upms';
import { idempotencyKeys, messages } from '../../server/db/schema';
import { toCount } from '../../server/db/client';
import { api, loginAs } from '../factories/test-server';
import { drivers, useServer } from './support/server';

/*
 * What the offline outbox relies on: a write replayed with its Idempotency-Key (after a lost answer, a reload, a
 * re-login of the same user) is applied at most once and answered like the first time.
 */
describe.each(drivers)('Idempotency-Key for replayed offline writes on %s', (driver) => {
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
  async function sendToLisi(title: string): Promise<string> {
    const sent = await (
      await ctx.as('zhangsan')
    ).post<{ id: string }>('/api/upms/message/send', { title, receiverIds: [await userId('李四')], channels: ['app'] });
    expect(sent.status).toBe(200);
    return sent.body.data.id;
  }

  it('same key twice: one effect, the same answer, marked as replayed', async () => {
    const title = `离线重放-${driver}`;
    const body = { title, receiverIds: [await userId('李四')], channels: ['app'] };
    const key = randomUUID();
    const zhangsan = await ctx.as('zhangsan');
    const first = await zhangsan.post('/api/upms/message/send', body, { 'Idempotency-Key': key });
    const second = await zhangsan.post('/api/upms/message/send', body, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await countMessages(title)).toBe(1);
    // without a key every request is a new write
    await zhangsan.post('/api/upms/message/send', body);
    expect(await countMessages(title)).toBe(2);
  });

  it('a queued mark-read replayed after the same user signed in again is still applied once', async () => {
    const id = await sendToLisi(`重新登录后重放-${driver}`);
    const key = randomUUID();
    const before = api(ctx.server.baseUrl, await loginAs(ctx.server.baseUrl, 'lisi', '123456'));
    const first = await before.post(`/api/message/${id}/read`, undefined, { 'Idempotency-Key': key });
    expect(first.body).toMatchObject({ code: 200, data: { id, read: true } });

    const after = api(ctx.server.baseUrl, await loginAs(ctx.server.baseUrl, 'lisi', '123456'));
    const replay = await after.post(`/api/message/${id}/read`, undefined, { 'Idempotency-Key': key });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('the same key from a different user is a different write', async () => {
    const title = `不同用户同一键-${driver}`;
    const body = { title, receiverIds: [await userId('李四')], channels: ['app'] };
    const key = randomUUID();
    const a = await (
      await ctx.as('zhangsan')
    ).post<{ id: string }>('/api/upms/message/send', body, { 'Idempotency-Key': key });
    const b = await (
      await ctx.as('wangwu')
    ).post<{ id: string }>('/api/upms/message/send', body, { 'Idempotency-Key': key });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.data.id).not.toBe(a.body.data.id);
    expect(await countMessages(title)).toBe(2);
  });

  it('a refusal is replayed as a refusal (the outbox shows it as a conflict), and changes nothing', async () => {
    const key = randomUUID();
    const lisi = await ctx.as('lisi');
    const missing = randomUUID();
    const a = await lisi.post(`/api/message/${missing}/read`, undefined, { 'Idempotency-Key': key });
    const b = await lisi.post(`/api/message/${missing}/read`, undefined, { 'Idempotency-Key': key });
    expect([a.status, b.status]).toEqual([404, 404]);
    expect(b.body).toEqual(a.body);
    expect(b.body.msg).toBe('消息不存在');
  });

  it('reusing a key for another request is refused', async () => {
    const key = randomUUID();
    const lisi = await ctx.as('lisi');
    const id = await sendToLisi(`键用于别的请求-${driver}`);
    expect((await lisi.post(`/api/message/${id}/read`, undefined, { 'Idempotency-Key': key })).status).toBe(200);
    const other = await lisi.post(`/api/message/${randomUUID()}/read`, undefined, { 'Idempotency-Key': key });
    expect(other.status).toBe(409);
    expect(other.body.msg).toBe('该Idempotency-Key已用于其他请求');
  });

  it('refuses a malformed key before doing anything', async () => {
    const title = `坏键-${driver}`;
    const res = await (
      await ctx.as('zhangsan')
    ).post(
      '/api/upms/message/send',
      { title, receiverIds: [await userId('李四')], channels: ['app'] },
      { 'Idempotency-Key': 'x'.repeat(201) },
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Idempotency-Key格式不正确');
    expect(await countMessages(title)).toBe(0);
  });

  it('forgets a key after 24 hours: the same key is then a new write', async () => {
    const title = `过期键-${driver}`;
    const body = { title, receiverIds: [await userId('李四')], channels: ['app'] };
    const key = randomUUID();
    const zhangsan = await ctx.as('zhangsan');
    expect((await zhangsan.post('/api/upms/message/send', body, { 'Idempotency-Key': key })).status).toBe(200);
    await ctx.server.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(idempotencyKeys.key, key));
    const again = await zhangsan.post('/api/upms/message/send', body, { 'Idempotency-Key': key });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await countMessages(title)).toBe(2);
  });
});
