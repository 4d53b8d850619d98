import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { SelectorNode } from '../../contract/upms';
import { messageDeliveries, outboundDeliveries, pushSubscriptions, users } from '../../server/db/schema';
import { startPushReceiver } from '../factories/push-receiver';
import { startSmtpReceiver } from '../factories/smtp-receiver';
import { drivers, useServer } from './support/server';

const pushService = await startPushReceiver();
const smtp = await startSmtpReceiver();
afterAll(async () => {
  await Promise.all([pushService.close(), smtp.close()]);
});

describe.each(drivers)('reminders leave the app (Web Push, e-mail) on %s', (driver) => {
  const ctx = useServer(driver, {
    env: {
      PUSH_ENDPOINT_ALLOWLIST: pushService.origin,
      SMTP_URL: smtp.url,
      SMTP_FROM: '协同办公系统 <oa@example.com>',
      APP_PUBLIC_URL: 'https://oa.example.com',
    },
  });
  // both drivers' suites share the receivers: titles name the driver so each finds only its own
  const t = (title: string) => `${title}（${driver}）`;
  const idOf = async (name: string) =>
    (
      await (
        await ctx.as('admin')
      ).get<SelectorNode[]>(`/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent(name)}`)
    ).body.data[0]!.id;
  const send = async (title: string, receiver: string, channels: string[]) => {
    const answer = await (
      await ctx.as('admin')
    ).post<{ id: string }>('/api/upms/message/send', {
      title,
      content: `${title}，请及时处理。`,
      receiverIds: [await idOf(receiver)],
      channels,
      link: '/follow/waitList',
    });
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data.id;
  };
  const pushesTitled = (title: string) =>
    pushService.received.filter((p) => (p.payload as { title: string }).title === title);
  const outboxOf = async (messageId: string) =>
    ctx.server.database.db
      .select({ kind: outboundDeliveries.kind, status: outboundDeliveries.status })
      .from(outboundDeliveries)
      .innerJoin(messageDeliveries, eq(messageDeliveries.id, outboundDeliveries.deliveryId))
      .where(eq(messageDeliveries.messageId, messageId));

  it('gives the same 65-byte VAPID public key to everyone, and only to a signed-in person', async () => {
    const first = await (await ctx.as('zhangsan')).get<string>('/api/push/vapid-public-key');
    const second = await (await ctx.as('lisi')).get<string>('/api/push/vapid-public-key');
    expect(first.status).toBe(200);
    expect(Buffer.from(first.body.data, 'base64url')).toHaveLength(65);
    expect(second.body.data).toBe(first.body.data);
    expect((await (await ctx.as(null)).get('/api/push/vapid-public-key')).status).toBe(401);
  });

  it('refuses endpoints that are no known push service and not allow-listed, with a Chinese message', async () => {
    const zhangsan = await ctx.as('zhangsan');
    const keys = pushService.subscribe().json.keys;
    for (const endpoint of [
      'https://evil.example.com/push/1',
      'http://fcm.googleapis.com/fcm/send/1',
      'http://127.0.0.1:1/push/x',
      'https://fcm.googleapis.com.evil.example/x',
    ]) {
      const answer = await zhangsan.post('/api/push/subscriptions', { endpoint, keys });
      expect([answer.status, answer.body.msg], endpoint).toEqual([400, '不支持的推送服务地址']);
    }
    const bad = await zhangsan.post('/api/push/subscriptions', {
      endpoint: `${pushService.origin}/push/x`,
      keys: { p256dh: 'short', auth: keys.auth },
    });
    expect([bad.status, bad.body.msg]).toEqual([400, '推送公钥不正确']);
    const known = await zhangsan.post('/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
      keys,
    });
    expect(known.status, known.body.msg).toBe(200);
    expect(
      (
        await zhangsan.request('DELETE', '/api/push/subscriptions', {
          endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
        })
      ).status,
    ).toBe(200);
    expect((await zhangsan.get<unknown[]>('/api/push/subscriptions')).body.data).toEqual([]);
  });

  it('pushes a reminder of the app channel to each device, encrypted and VAPID-signed, with the item link', async () => {
    const wangwu = await ctx.as('wangwu');
    const phone = pushService.subscribe();
    const tablet = pushService.subscribe();
    for (const device of [phone, tablet])
      expect((await wangwu.post('/api/push/subscriptions', device.json)).body.msg).toBe('已开启本机消息通知');
    const key = (await wangwu.get<string>('/api/push/vapid-public-key')).body.data;

    const id = await send(t('您有一条新的待办：请假申请'), '王五', ['app']);
    await expect.poll(() => pushesTitled(t('您有一条新的待办：请假申请')).length, { timeout: 20_000 }).toBe(2);
    expect(pushService.problems).toEqual([]);
    for (const push of pushesTitled(t('您有一条新的待办：请假申请'))) {
      expect(push.payload).toEqual({
        title: t('您有一条新的待办：请假申请'),
        body: `${t('您有一条新的待办：请假申请')}，请及时处理。`,
        url: '/follow/waitList',
        tag: '/follow/waitList',
        receipt: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
        badge: expect.any(Number),
      });
      expect(push.vapid).toMatchObject({ aud: pushService.origin, publicKey: key });
      expect(push.vapid.exp * 1000).toBeGreaterThan(Date.now());
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      expect(push.headers.urgency).toBe('high');
    }
    expect(new Set(pushesTitled(t('您有一条新的待办：请假申请')).map((p) => p.device))).toEqual(
      new Set([phone.name, tablet.name]),
    );
    await expect.poll(async () => (await outboxOf(id)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('drops a subscription the push service answers 410 for, and keeps the others', async () => {
    const sunqi = await ctx.as('sunqi');
    const gone = pushService.subscribe();
    const kept = pushService.subscribe();
    for (const device of [gone, kept]) await sunqi.post('/api/push/subscriptions', device.json);
    pushService.answer(gone.name, 410);
    const id = await send(t('会议提醒：周五例会'), '孙琪', ['app']);
    await expect
      .poll(async () => (await outboxOf(id)).map((r) => r.status).sort(), { timeout: 20_000 })
      .toEqual(['dropped', 'sent']);
    const left = await ctx.server.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, await idOf('孙琪')));
    expect(left.map((r) => r.endpoint)).toEqual([kept.json.endpoint]);
    expect(pushesTitled(t('会议提醒：周五例会')).map((p) => p.device)).toEqual([kept.name]);
  });

  it('sends the e-mail channel over SMTP to the address on the record, with a link back to the item', async () => {
    const [zhaoliu] = await ctx.server.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.username, 'zhaoliu'));
    expect(zhaoliu?.email).toBeTruthy();
    const id = await send(t('审批通过：报销申请'), '赵六', ['email']);
    await expect
      .poll(() => smtp.received.filter((m) => m.mail.subject === t('审批通过：报销申请')).length, { timeout: 20_000 })
      .toBe(1);
    const { to, mail } = smtp.received.find((m) => m.mail.subject === t('审批通过：报销申请'))!;
    expect(to).toEqual([zhaoliu!.email]);
    expect(mail.from?.text).toContain('oa@example.com');
    expect(mail.text).toContain(`${t('审批通过：报销申请')}，请及时处理。`);
    expect(mail.text).toContain('https://oa.example.com/follow/waitList');
    expect(mail.html).toContain('href="https://oa.example.com/follow/waitList"');
    expect(mail.messageId).toMatch(/@oa-mobile>?$/);
    await expect.poll(async () => (await outboxOf(id)).map((r) => r.status)).toEqual(['sent']);
    // the sender is told how it went; nobody else may ask
    const report = await (await ctx.as('admin')).get<{ summary: string }>(`/api/message/${id}/deliveries`);
    expect(report.body.data.summary).toBe('已发出 邮件');
    expect((await (await ctx.as('zhaoliu')).get(`/api/message/${id}/deliveries`)).status).toBe(404);
  });

  it('sends nothing on a channel that was not chosen', async () => {
    const zhangsan = await ctx.as('zhangsan');
    const device = pushService.subscribe();
    await zhangsan.post('/api/push/subscriptions', device.json);
    const id = await send(t('只发短信的提醒'), '张三', ['sms']);
    const mailed = await send(t('只发站内的提醒'), '张三', ['app']);
    // the app-channel message is sent after the sms-only one: once it arrived, the first had its chance too
    await expect.poll(() => pushesTitled(t('只发站内的提醒')).length, { timeout: 20_000 }).toBe(1);
    expect(pushesTitled(t('只发短信的提醒'))).toEqual([]);
    expect(
      smtp.received.filter((m) => m.mail.subject === t('只发站内的提醒') || m.mail.subject === t('只发短信的提醒')),
    ).toEqual([]);
    expect(await outboxOf(id)).toEqual([]);
    expect((await outboxOf(mailed)).map((r) => r.kind)).toEqual(['push']);
    expect(
      (await (await ctx.as('admin')).get<{ summary: string }>(`/api/message/${id}/deliveries`)).body.data.summary,
    ).toBe('短信 未发送（未配置）');
  });
});
