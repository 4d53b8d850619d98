import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeliveryReport } from '../../contract/message';
import type { PushPayload } from '../../contract/push';
import { messageDeliveries, outboundDeliveries, pushSubscriptions, users } from '../../server/db/schema';
import { SHANGHAI_OFFSET } from '../../server/lib/shanghai-time';
import { flowClient, forms } from '../factories/flow-client';
import { startPushReceiver } from '../factories/push-receiver';
import { startVendorApi, vendorSettings } from '../factories/vendor-api';
import { drivers, useServer } from './support/server';

const vendor = await startVendorApi();
const pushService = await startPushReceiver();
afterAll(() => Promise.all([vendor.close(), pushService.close()]));

// small enough for a test, large enough for a receipt to beat it on a busy machine
const ESCALATE = 3;

/** Automatic escalation (issue 43 point 2): the app push first, then one chosen channel at a time in the person's order. */
describe.each(drivers)('reminder escalation on %s', (driver) => {
  const ctx = useServer(driver, {
    env: {
      ...vendorSettings,
      WECOM_API_BASE: vendor.url,
      DINGTALK_API_BASE: vendor.url,
      SMS_API_BASE: `${vendor.url}/`,
      PUSH_ENDPOINT_ALLOWLIST: pushService.origin,
      REMINDER_ESCALATE_SECONDS: String(ESCALATE),
    },
  });
  const { start, taskOf, actOk } = flowClient(ctx);
  const t = (title: string) => `${title}（${driver}）`;
  const prefix = driver === 'pg' ? '137' : '136';
  /** gives the person a mobile WeCom and DingTalk know, and optionally a push device; no other device */
  const person = async (username: string, n: number, device: boolean) => {
    const mobile = `${prefix}1111${String(n).padStart(4, '0')}`;
    const [row] = await ctx.server.database.db
      .update(users)
      .set({ mobile })
      .where(eq(users.username, username))
      .returning({ id: users.id });
    await ctx.server.database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, row!.id));
    vendor.wecom.directory.set(mobile, `wx-${username}-${driver}`);
    vendor.ding.directory.set(mobile, `ding-${username}-${driver}`);
    const phone = device ? pushService.subscribe() : null;
    if (phone) expect((await (await ctx.as(username)).post('/api/push/subscriptions', phone.json)).status).toBe(200);
    return { id: row!.id, mobile };
  };
  const send = async (title: string, receiverId: string, channels: string[]) => {
    const answer = await (
      await ctx.as('admin')
    ).post<{ id: string }>('/api/upms/message/send', { title, content: '请处理', receiverIds: [receiverId], channels });
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data.id;
  };
  const outbox = async (messageId: string) =>
    ctx.server.database.db
      .select({
        kind: outboundDeliveries.kind,
        status: outboundDeliveries.status,
        rung: outboundDeliveries.rung,
        sentAt: outboundDeliveries.sentAt,
        nextAttemptAt: outboundDeliveries.nextAttemptAt,
        lastError: outboundDeliveries.lastError,
      })
      .from(outboundDeliveries)
      .innerJoin(messageDeliveries, eq(messageDeliveries.id, outboundDeliveries.deliveryId))
      .where(eq(messageDeliveries.messageId, messageId))
      .orderBy(asc(outboundDeliveries.rung));
  const statuses = async (id: string) => (await outbox(id)).map((r) => `${r.kind}:${r.status}`);
  /** When `kind` was sent: the sender records it once the vendor has answered, a moment after the vendor has it. */
  const sentAt = async (id: string, kind: string) => {
    const at = async () => (await outbox(id)).find((r) => r.kind === kind)?.sentAt?.getTime();
    await expect.poll(at, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
    return (await at())!;
  };
  const pushOf = (title: string) =>
    pushService.received.map((p) => p.payload as PushPayload).find((p) => p.title === title);
  const wecomTo = (title: string) => vendor.wecom.sent.filter((m) => m.textcard.title === title);
  const dingTo = (title: string) => vendor.ding.sent.filter((m) => m.msg.action_card.title === title);
  const smsTo = (mobile: string) => vendor.sms.sent.filter((m) => m.PhoneNumbers === mobile);
  const receipt = async (token: string) => (await ctx.as(null)).post('/api/push/receipts', { token, event: 'shown' });
  const report = async (id: string) =>
    (await (await ctx.as('admin')).get<DeliveryReport>(`/api/message/${id}/deliveries`)).body.data;
  const poll = { timeout: 30_000, interval: 100 };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('a shown receipt stops the ladder: nothing goes beyond the push', async () => {
    const wangwu = await person('wangwu', 1, true);
    const title = t('请审批：差旅申请');
    const id = await send(title, wangwu.id, ['app', 'Wechat', 'DingTalk']);
    expect((await outbox(id)).map((r) => [r.kind, r.rung, r.kind === 'push' || r.status])).toEqual([
      ['push', 0, true],
      ['wecom', 1, 'held'],
      ['dingtalk', 2, 'held'],
    ]);
    await expect.poll(() => pushOf(title), poll).toBeTruthy();
    expect((await receipt(pushOf(title)!.receipt)).status).toBe(200);
    await pause((2 * ESCALATE + 1) * 1000);
    expect(await statuses(id)).toEqual(['push:sent', 'wecom:stopped', 'dingtalk:stopped']);
    expect(wecomTo(title)).toEqual([]);
    expect(dingTo(title)).toEqual([]);
    const answer = await report(id);
    expect(answer.people[0]!.channels.map((c) => c.text).slice(1)).toEqual(['已送达，未再升级', '已送达，未再升级']);
    expect(answer.summary).toMatch(/^APP 已送达 1 人；企业微信 未再升级；钉钉 未再升级$/);
  });

  it('a push never shown escalates to exactly one WeCom message after the deadline, then to DingTalk', async () => {
    const zhaoliu = await person('zhaoliu', 2, true);
    const title = t('请审批：用车申请');
    const id = await send(title, zhaoliu.id, ['app', 'DingTalk', 'Wechat']);
    await expect.poll(() => wecomTo(title).length, poll).toBe(1);
    // the person's order (default 企业微信 → 钉钉), not the order the sender ticked
    expect(dingTo(title)).toEqual([]);
    expect((await report(id)).summary).toContain('钉钉 待升级');
    await expect.poll(() => dingTo(title).length, poll).toBe(1);
    // the vendor has the message before the worker records the answer: on a busy machine that can take a while
    await expect.poll(() => statuses(id), poll).toEqual(['push:sent', 'wecom:sent', 'dingtalk:sent']);
    const [push, wecom, ding] = [await sentAt(id, 'push'), await sentAt(id, 'wecom'), await sentAt(id, 'dingtalk')];
    expect(wecom - push).toBeGreaterThanOrEqual(ESCALATE * 1000 - 100);
    expect(ding - wecom).toBeGreaterThanOrEqual(ESCALATE * 1000 - 100);
    await pause(1500);
    expect(wecomTo(title)).toHaveLength(1);
    expect(dingTo(title)).toHaveLength(1);
  });

  it('a person without a push device gets the first channel of their own order at once, then the next', async () => {
    const sunqi = await person('sunqi', 3, false);
    const saved = await (
      await ctx.as('sunqi')
    ).put('/api/my/preferences/escalation', { channelOrder: ['sms', 'Wechat'], quietHours: null });
    expect(saved.status, saved.body.msg).toBe(200);
    const prefs = await (await ctx.as('sunqi')).get<{ channelOrder: string[] }>('/api/my/preferences');
    expect(prefs.body.data.channelOrder).toEqual(['sms', 'Wechat', 'DingTalk', 'email']);
    const title = t('会议提醒：项目评审');
    const id = await send(title, sunqi.id, ['app', 'Wechat', 'sms']);
    await expect.poll(() => smsTo(sunqi.mobile).length, poll).toBe(1);
    expect(wecomTo(title)).toEqual([]);
    await expect.poll(() => wecomTo(title).length, poll).toBe(1);
    await expect.poll(() => statuses(id), poll).toContain('wecom:sent');
    const [sms, wecom] = [await sentAt(id, 'sms'), await sentAt(id, 'wecom')];
    expect(wecom - sms).toBeGreaterThanOrEqual(ESCALATE * 1000 - 100);
    const bad = await (
      await ctx.as('sunqi')
    ).put('/api/my/preferences/escalation', { channelOrder: ['sms', 'sms'], quietHours: null });
    expect([bad.status, bad.body.msg]).toEqual([400, '提醒顺序不能重复']);
  });

  it('a receipt that comes late stops what has not gone yet', async () => {
    const lisi = await person('lisi', 4, true);
    const title = t('新公文：年度预算');
    const id = await send(title, lisi.id, ['app', 'Wechat', 'DingTalk', 'sms']);
    await expect.poll(() => wecomTo(title).length, poll).toBe(1);
    expect((await receipt(pushOf(title)!.receipt)).status).toBe(200);
    await pause((2 * ESCALATE + 1) * 1000);
    expect(await statuses(id)).toEqual(['push:sent', 'wecom:sent', 'dingtalk:stopped', 'sms:stopped']);
    expect(dingTo(title)).toEqual([]);
    expect(smsTo(lisi.mobile)).toEqual([]);
    expect((await report(id)).summary).toBe('APP 已送达 1 人；已发出 企业微信；钉钉 未再升级；短信 未再升级');
  });

  it('handling the 待办 stops its reminder’s ladder; 催办 allAtOnce sends every chosen channel at once', async () => {
    const lisi = await person('lisi', 5, true);
    // 免打扰 now: 催办 is urgent and goes anyway
    const clock = (ms: number) => new Date(ms + SHANGHAI_OFFSET).toISOString().slice(11, 16);
    const quietHours = { start: clock(Date.now() - 3_600_000), end: clock(Date.now() + 2 * 3_600_000) };
    await (await ctx.as('lisi')).put('/api/my/preferences/escalation', { channelOrder: [], quietHours });
    const instance = await start('zhangsan', 'leave', forms.leave());
    const urged = await (
      await ctx.as('zhangsan')
    ).post<{ messageId: string }>(`/api/flow/instances/${instance}/urge`, {
      channels: ['app', 'Wechat', 'DingTalk'],
      opinion: '请尽快',
      allAtOnce: true,
    });
    expect(urged.status, urged.body.msg).toBe(200);
    const all = urged.body.data.messageId;
    await expect
      .poll(async () => (await statuses(all)).sort(), poll)
      .toEqual(['dingtalk:sent', 'push:sent', 'wecom:sent']);
    expect(smsTo(lisi.mobile)).toEqual([]);
    expect((await outbox(all)).every((r) => r.rung === null)).toBe(true);

    const again = await start('zhangsan', 'leave', forms.leave());
    const ladder = await (
      await ctx.as('zhangsan')
    ).post<{ messageId: string }>(`/api/flow/instances/${again}/urge`, {
      channels: ['app', 'Wechat'],
      opinion: '请尽快',
    });
    expect(ladder.status, ladder.body.msg).toBe(200);
    await actOk('lisi', await taskOf('lisi', again), 'approve', { opinion: '同意' });
    await expect.poll(() => statuses(ladder.body.data.messageId), poll).toEqual(['push:sent', 'wecom:stopped']);
    expect((await outbox(ladder.body.data.messageId))[1]!.lastError).toBe('已处理，未再升级');
  });

  it('免打扰 holds a non-urgent reminder, push included, until it ends', async () => {
    const zhoujie = await person('zhoujie', 6, true);
    const clock = (ms: number) => new Date(ms + SHANGHAI_OFFSET).toISOString().slice(11, 16);
    const quietHours = { start: clock(Date.now() - 3_600_000), end: clock(Date.now() + 2 * 3_600_000) };
    const saved = await (
      await ctx.as('zhoujie')
    ).put('/api/my/preferences/escalation', { channelOrder: [], quietHours });
    expect(saved.status, saved.body.msg).toBe(200);
    const title = t('通知：周末值班');
    const id = await send(title, zhoujie.id, ['app', 'Wechat']);
    await pause(2_000);
    expect(pushOf(title)).toBeUndefined();
    const rows = await outbox(id);
    expect(rows.map((r) => `${r.kind}:${r.status}`)).toEqual(['push:pending', 'wecom:held']);
    const end = rows[0]!.nextAttemptAt.getTime();
    expect(clock(end)).toBe(quietHours.end);
    expect(end).toBeGreaterThan(Date.now() + 3_600_000);
    expect(rows[1]!.nextAttemptAt.getTime()).toBe(end + ESCALATE * 1000);
    // the inbox has it at once
    const inbox = await (await ctx.as('zhoujie')).get<{ rows: { title: string }[] }>('/api/message/inbox');
    expect(inbox.body.data.rows.some((m) => m.title === title)).toBe(true);
  });
});
