import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../contract/push';
import type { SelectorNode } from '../../contract/upms';
import { pushSubscriptions } from '../../server/db/schema';
import { startPushReceiver } from '../factories/push-receiver';
import { drivers, useServer } from './support/server';

const pushService = await startPushReceiver();
afterAll(() => pushService.close());

describe.each(drivers)('push that does not die quietly on %s', (driver) => {
  const ctx = useServer(driver, { env: { PUSH_ENDPOINT_ALLOWLIST: pushService.origin } });
  const t = (title: string) => `${title}（${driver}）`;
  const idOf = async (name: string) =>
    (
      await (
        await ctx.as('admin')
      ).get<SelectorNode[]>(`/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent(name)}`)
    ).body.data[0]!.id;
  const send = async (title: string, receiver: string) => {
    const answer = await (
      await ctx.as('admin')
    ).post('/api/upms/message/send', { title, content: '', receiverIds: [await idOf(receiver)], channels: ['app'] });
    expect(answer.status, answer.body.msg).toBe(200);
  };
  const devicesOf = async (name: string) =>
    ctx.server.database.db
      .select({ endpoint: pushSubscriptions.endpoint, auth: pushSubscriptions.auth })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, await idOf(name)));

  it('pushsubscriptionchange: the old endpoint and auth secret move the device to its new subscription, nothing else does', async () => {
    const zhangsan = await ctx.as('zhangsan');
    const old = pushService.subscribe();
    await zhangsan.post('/api/push/subscriptions', old.json);
    const renewed = pushService.subscribe();
    const worker = await ctx.as(null);
    const replace = (oldEndpoint: string, oldAuth: string, subscription = renewed.json) =>
      worker.post('/api/push/subscriptions/replace', { oldEndpoint, oldAuth, subscription });

    // a wrong secret, an unknown endpoint, someone else's subscription: refused, nothing moves
    const stranger = pushService.subscribe();
    for (const [endpoint, auth] of [
      [old.json.endpoint, stranger.json.keys.auth],
      [stranger.json.endpoint, stranger.json.keys.auth],
    ] as const) {
      const answer = await replace(endpoint, auth);
      expect([answer.status, answer.body.msg]).toEqual([403, '原推送订阅无效']);
    }
    const elsewhere = await replace(old.json.endpoint, old.json.keys.auth, {
      ...renewed.json,
      endpoint: 'https://evil.example.com/push/1',
    });
    expect(elsewhere.status).toBe(400);
    expect((await devicesOf('张三')).map((d) => d.endpoint)).toEqual([old.json.endpoint]);

    const moved = await replace(old.json.endpoint, old.json.keys.auth);
    expect(moved.status, moved.body.msg).toBe(200);
    expect(await devicesOf('张三')).toEqual([{ endpoint: renewed.json.endpoint, auth: renewed.json.keys.auth }]);
    // the old secret is spent
    expect((await replace(old.json.endpoint, old.json.keys.auth)).status).toBe(403);
    await send(t('续订后的提醒'), '张三');
    await expect
      .poll(
        () =>
          pushService.received
            .filter((p) => (p.payload as PushPayload).title === t('续订后的提醒'))
            .map((p) => p.device),
        { timeout: 20_000 },
      )
      .toEqual([renewed.name]);
  });

  it('a renewal onto an endpoint already stored keeps that row and its person; the old row goes', async () => {
    const [sunqi, wangwu] = [await ctx.as('sunqi'), await ctx.as('wangwu')];
    const old = pushService.subscribe();
    const taken = pushService.subscribe();
    await sunqi.post('/api/push/subscriptions', old.json);
    await wangwu.post('/api/push/subscriptions', taken.json);
    const moved = await (
      await ctx.as(null)
    ).post('/api/push/subscriptions/replace', {
      oldEndpoint: old.json.endpoint,
      oldAuth: old.json.keys.auth,
      subscription: taken.json,
    });
    expect(moved.status, moved.body.msg).toBe(200);
    expect(await devicesOf('孙琪')).toEqual([]);
    expect((await devicesOf('王五')).map((d) => d.endpoint)).toContain(taken.json.endpoint);
  });

  it('remembers a subscription dropped after 410 for its person, until this device subscribes again', async () => {
    const zhoujie = await ctx.as('zhoujie');
    const phone = pushService.subscribe();
    await zhoujie.post('/api/push/subscriptions', phone.json);
    expect((await zhoujie.get<string[]>('/api/push/dropped')).body.data).toEqual([]);
    pushService.answer(phone.name, 410);
    await send(t('推送失效前的提醒'), '周杰');
    await expect
      .poll(async () => (await zhoujie.get<string[]>('/api/push/dropped')).body.data, { timeout: 20_000 })
      .toEqual([phone.json.endpoint]);
    expect(await devicesOf('周杰')).toEqual([]);
    // someone else is not told, and nobody without a session
    expect((await (await ctx.as('lisi')).get<string[]>('/api/push/dropped')).body.data).toEqual([]);
    expect((await (await ctx.as(null)).get('/api/push/dropped')).status).toBe(401);

    const again = pushService.subscribe();
    const answer = await zhoujie.post('/api/push/subscriptions', { ...again.json, replaces: phone.json.endpoint });
    expect(answer.status, answer.body.msg).toBe(200);
    expect((await zhoujie.get<string[]>('/api/push/dropped')).body.data).toEqual([]);
  });
});
