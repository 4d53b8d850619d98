import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeliveryReport } from '../../contract/message';
import type { PushDevice, PushPayload } from '../../contract/push';
import type { SelectorNode } from '../../contract/upms';
import { messageDeliveries, outboundDeliveries } from '../../server/db/schema';
import { startPushReceiver } from '../factories/push-receiver';
import { drivers, useServer } from './support/server';

const pushService = await startPushReceiver();
afterAll(() => pushService.close());

describe.each(drivers)('device receipts and the honest report on %s', (driver) => {
  const ctx = useServer(driver, { env: { PUSH_ENDPOINT_ALLOWLIST: pushService.origin } });
  const t = (title: string) => `${title}（${driver}）`;
  const idOf = async (name: string) =>
    (
      await (
        await ctx.as('admin')
      ).get<SelectorNode[]>(`/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent(name)}`)
    ).body.data[0]!.id;
  const send = async (title: string, receivers: string[], channels: string[]) => {
    const answer = await (
      await ctx.as('admin')
    ).post<{ id: string }>('/api/upms/message/send', {
      title,
      content: `${title}，请及时处理。`,
      receiverIds: await Promise.all(receivers.map(idOf)),
      channels,
      link: '/follow/waitList',
    });
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data.id;
  };
  const pushesTitled = (title: string) =>
    pushService.received.filter((p) => (p.payload as PushPayload).title === title).map((p) => p.payload as PushPayload);
  const report = async (id: string) =>
    (await (await ctx.as('admin')).get<DeliveryReport>(`/api/message/${id}/deliveries`)).body.data;
  const outbox = async (id: string) =>
    ctx.server.database.db
      .select({
        status: outboundDeliveries.status,
        receiptHash: outboundDeliveries.receiptHash,
        shownAt: outboundDeliveries.shownAt,
        openedAt: outboundDeliveries.openedAt,
      })
      .from(outboundDeliveries)
      .innerJoin(messageDeliveries, eq(messageDeliveries.id, outboundDeliveries.deliveryId))
      .where(eq(messageDeliveries.messageId, id));
  const receipt = async (token: string, event: string) =>
    (await ctx.as(null)).post('/api/push/receipts', { token, event });

  it('marks a delivery shown, then opened, from the token its encrypted push carried, without a session', async () => {
    const wangwu = await ctx.as('wangwu');
    const phone = pushService.subscribe();
    expect((await wangwu.post('/api/push/subscriptions', phone.json)).status).toBe(200);
    const id = await send(t('请审批：采购申请'), ['王五'], ['app']);
    await expect.poll(() => pushesTitled(t('请审批：采购申请')).length, { timeout: 20_000 }).toBe(1);
    const [push] = pushesTitled(t('请审批：采购申请'));
    // at least 128 random bits, and the row keeps only its hash
    expect(Buffer.from(push!.receipt, 'base64url').length).toBeGreaterThanOrEqual(16);
    // the icon badge: the unread message count the home page shows (this reminder is one of them)
    const unread = (await wangwu.get<{ message: number }>('/api/message/badges')).body.data.message;
    expect([push!.badge, unread > 0]).toEqual([unread, true]);
    await expect.poll(async () => (await outbox(id))[0]?.status).toBe('sent');
    const [row] = await outbox(id);
    expect(row!.receiptHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.receiptHash).not.toContain(push!.receipt);

    // handed to the push service, no receipt: nobody is told it arrived
    const before = await report(id);
    expect(before.people).toEqual([
      {
        receiverId: await idOf('王五'),
        name: '王五',
        channels: [expect.objectContaining({ channel: 'app', state: 'unconfirmed', text: '推送未确认' })],
      },
    ]);
    expect(before.summary).toBe('APP 推送未确认 1 人');
    expect(before.channels[0]!.state).toBe('unconfirmed');
    expect(before.summary).not.toMatch(/已送达|已通过/);

    const shown = await receipt(push!.receipt, 'shown');
    expect(shown.status, shown.body.msg).toBe(200);
    const afterShown = await report(id);
    const app = afterShown.people[0]!.channels[0]!;
    expect(app.state).toBe('shown');
    expect(app.text).toMatch(/^已送达 \d\d:\d\d:\d\d$/);
    expect(Date.parse(app.at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(afterShown.summary).toBe('APP 已送达 1 人');
    expect(afterShown.channels[0]!.state).toBe('sent');
    // 我的 → 消息通知: the device's last shown notification
    const devices = (await wangwu.get<PushDevice[]>('/api/push/subscriptions')).body.data;
    expect(devices[0]!.lastShown).toEqual({ title: t('请审批：采购申请'), at: expect.any(String) });

    expect((await receipt(push!.receipt, 'opened')).status).toBe(200);
    const opened = (await report(id)).people[0]!.channels[0]!;
    expect(opened.state).toBe('opened');
    expect(opened.text).toMatch(/^已查看 \d\d:\d\d$/);
    expect((await report(id)).summary).toBe('APP 已查看 1 人');
  });

  it('refuses a forged or replayed receipt with a clear 4xx and changes nothing', async () => {
    const zhaoliu = await ctx.as('zhaoliu');
    const device = pushService.subscribe();
    await zhaoliu.post('/api/push/subscriptions', device.json);
    const id = await send(t('会议提醒：月度例会'), ['赵六'], ['app']);
    await expect.poll(() => pushesTitled(t('会议提醒：月度例会')).length, { timeout: 20_000 }).toBe(1);
    const token = pushesTitled(t('会议提醒：月度例会'))[0]!.receipt;
    await expect.poll(async () => (await outbox(id))[0]?.status).toBe('sent');

    const forged = await receipt(Buffer.alloc(18, 7).toString('base64url'), 'shown');
    expect([forged.status, forged.body.msg]).toEqual([404, '回执无效']);
    // the hash itself is no token
    const hashAsToken = await receipt((await outbox(id))[0]!.receiptHash!, 'shown');
    expect(hashAsToken.status).toBe(404);
    for (const bad of [{ token: 'short', event: 'shown' }, { token, event: 'delivered' }, {}]) {
      const answer = await (await ctx.as(null)).post('/api/push/receipts', bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await outbox(id))[0]).toMatchObject({ shownAt: null, openedAt: null });
    expect((await report(id)).summary).toBe('APP 推送未确认 1 人');

    expect((await receipt(token, 'shown')).status).toBe(200);
    const [first] = await outbox(id);
    const replay = await receipt(token, 'shown');
    expect([replay.status, replay.body.msg]).toEqual([409, '该回执已记录']);
    expect((await outbox(id))[0]!.shownAt).toEqual(first!.shownAt);
    expect((await receipt(token, 'opened')).status).toBe(200);
    const [opened] = await outbox(id);
    expect((await receipt(token, 'opened')).status).toBe(409);
    expect((await outbox(id))[0]).toEqual(opened);
  });

  it('a tap whose shown receipt was lost counts as shown too, on the report and the device', async () => {
    const zhangsan = await ctx.as('zhangsan');
    const device = pushService.subscribe();
    await zhangsan.post('/api/push/subscriptions', device.json);
    const id = await send(t('新邮件：预算表'), ['张三'], ['app']);
    await expect.poll(() => pushesTitled(t('新邮件：预算表')).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await outbox(id))[0]?.status).toBe('sent');
    expect((await receipt(pushesTitled(t('新邮件：预算表'))[0]!.receipt, 'opened')).status).toBe(200);
    const [row] = await outbox(id);
    expect(row!.shownAt).toEqual(row!.openedAt);
    expect((await report(id)).people[0]!.channels[0]!.state).toBe('opened');
    const devices = (await zhangsan.get<PushDevice[]>('/api/push/subscriptions')).body.data;
    expect(devices.find((d) => d.lastShown)?.lastShown).toEqual({
      title: t('新邮件：预算表'),
      at: row!.shownAt!.toISOString(),
    });
  });

  it('says per person what is known: shown, unconfirmed, no device, 未配置; never delivered on the push service’s word', async () => {
    const [sunqi, lisi] = [await ctx.as('sunqi'), await ctx.as('lisi')];
    const sunqiPhone = pushService.subscribe();
    const lisiPhone = pushService.subscribe();
    await sunqi.post('/api/push/subscriptions', sunqiPhone.json);
    await lisi.post('/api/push/subscriptions', lisiPhone.json);
    const id = await send(t('催办：报销单'), ['孙琪', '李四', '周杰'], ['app', 'sms']);
    await expect.poll(() => pushesTitled(t('催办：报销单')).length, { timeout: 20_000 }).toBe(2);
    await expect.poll(async () => (await outbox(id)).every((r) => r.status === 'sent')).toBe(true);
    const sunqiPush = pushService.received.find(
      (p) => p.device === sunqiPhone.name && (p.payload as PushPayload).title === t('催办：报销单'),
    )!.payload as PushPayload;
    expect((await receipt(sunqiPush.receipt, 'shown')).status).toBe(200);

    const answer = await report(id);
    const byName = Object.fromEntries(answer.people.map((p) => [p.name, p.channels.map((c) => [c.channel, c.state])]));
    expect(byName).toEqual({
      孙琪: [
        ['app', 'shown'],
        ['sms', 'unavailable'],
      ],
      李四: [
        ['app', 'unconfirmed'],
        ['sms', 'unavailable'],
      ],
      周杰: [
        ['app', 'inbox'],
        ['sms', 'unavailable'],
      ],
    });
    expect(answer.people.find((p) => p.name === '周杰')!.channels.map((c) => c.text)).toEqual([
      '未开启推送（仅站内消息）',
      '未配置',
    ]);
    expect(answer.summary).toBe('APP 已送达 1 人、推送未确认 1 人、未开启推送 1 人；短信 未发送（未配置）');
    expect(answer.channels.map((c) => [c.channel, c.state])).toEqual([
      ['app', 'partly'],
      ['sms', 'unavailable'],
    ]);

    // reading it in the app is as good as a tap: 周杰 has seen it, with no device at all
    expect((await (await ctx.as('zhoujie')).post(`/api/message/${id}/read`)).status).toBe(200);
    const read = (await report(id)).people.find((p) => p.name === '周杰')!.channels[0]!;
    expect(read.state).toBe('opened');
    expect(read.text).toMatch(/^已查看 \d\d:\d\d$/);
    expect((await report(id)).summary).toBe('APP 已查看 1 人、已送达 1 人、推送未确认 1 人；短信 未发送（未配置）');
  });
});
