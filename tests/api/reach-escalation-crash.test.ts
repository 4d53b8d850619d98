import fs from 'node:fs/promises';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { messageDeliveries, messages, outboundDeliveries, users } from '../../server/db/schema';
import { startPushReceiver } from '../factories/push-receiver';
import { api, loginAs } from '../factories/test-server';
import { startVendorApi, vendorSettings } from '../factories/vendor-api';
import {
  createSeededPgDatabase,
  openServerDatabase,
  spawnServer,
  type ServerProcess,
} from '../support-bench/spawn-server';

const BURST = 20;
const ESCALATE = 2;
const MOBILE = '13522220001';

/**
 * Escalation across kill -9 (issue 43 point 2): the rungs of a ladder are outbox rows, released and claimed in
 * transactions, so a process killed while the ladders climb loses no rung and sends none twice.
 */
describe('reminder escalation across kill -9 on pg', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const clean of cleanups.reverse()) await clean().catch(() => undefined);
  });

  it(`every ladder of ${BURST} climbs push → 企业微信 → 钉钉 exactly once although the process was killed`, async () => {
    const pushService = await startPushReceiver({ answerAfterMs: 300 });
    const vendor = await startVendorApi();
    const pg = await createSeededPgDatabase('oa_reach_escalation_crash');
    const dataDir = await fs.mkdtemp(`${os.tmpdir()}/oa-reach-escalation-crash-`);
    cleanups.push(async () => {
      await pushService.close();
      await vendor.close();
      await pg.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    const env = {
      ...vendorSettings,
      WECOM_API_BASE: vendor.url,
      DINGTALK_API_BASE: vendor.url,
      SMS_API_BASE: `${vendor.url}/`,
      DATA_DIR: dataDir,
      DATABASE_URL: pg.url,
      PUSH_ENDPOINT_ALLOWLIST: pushService.origin,
      REMINDER_ESCALATE_SECONDS: String(ESCALATE),
      // the killed process's claims are free again after 10 s: a send to the local vendors may take 5 s
      DELIVERY_SEND_TIMEOUT_SECONDS: '5',
      DELIVERY_LEASE_SECONDS: '10',
    };
    const setup = await openServerDatabase(env);
    await setup.db.update(users).set({ mobile: MOBILE }).where(eq(users.username, 'lisi'));
    await setup.close();
    vendor.wecom.directory.set(MOBILE, 'wx-lisi');
    vendor.ding.directory.set(MOBILE, 'ding-lisi');

    let server: ServerProcess = await spawnServer(env);
    cleanups.push(() => server.kill9());
    const lisi = api(server.baseUrl, await loginAs(server.baseUrl, 'lisi', '123456'));
    const device = pushService.subscribe();
    expect((await lisi.post('/api/push/subscriptions', device.json)).status).toBe(200);
    const lisiId = (await lisi.get<{ userVo: { id: string } }>('/api/upms/user/current')).body.data.userVo.id;
    const admin = api(server.baseUrl, await loginAs(server.baseUrl, 'admin', 'admin123'));
    const run = randomBytes(4).toString('hex');
    const titles = Array.from({ length: BURST }, (_, i) => `升级测试 ${run} #${i}`);
    const sent = await Promise.all<{ status: number }>(
      titles.map((title) =>
        admin.post('/api/upms/message/send', {
          title,
          content: '请处理',
          receiverIds: [lisiId],
          channels: ['app', 'Wechat', 'DingTalk'],
        }),
      ),
    );
    expect(sent.map((s) => s.status).filter((s) => s !== 200)).toEqual([]);

    // killed while the ladders climb: some WeCom rungs gone, no DingTalk rung yet
    await expect.poll(() => vendor.wecom.sent.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(3);
    await server.kill9();
    expect(vendor.ding.sent.length, 'the kill came before the last rungs').toBeLessThan(BURST);

    server = await spawnServer(env);
    const database = await openServerDatabase(env);
    cleanups.push(() => database.close());
    const rows = () =>
      database.db
        .select({
          id: outboundDeliveries.id,
          title: messages.title,
          kind: outboundDeliveries.kind,
          status: outboundDeliveries.status,
          sentAt: outboundDeliveries.sentAt,
        })
        .from(outboundDeliveries)
        .innerJoin(messageDeliveries, eq(messageDeliveries.id, outboundDeliveries.deliveryId))
        .innerJoin(messages, eq(messages.id, messageDeliveries.messageId))
        .where(like(messages.title, `升级测试 ${run} #%`));
    // settled once the killed process's leases ran out and the new process sent what they held
    await expect
      .poll(async () => (await rows()).filter((r) => r.status !== 'sent').length, { timeout: 150_000, interval: 1_000 })
      .toBe(0);
    await server.stop();

    const all = await rows();
    expect(all).toHaveLength(3 * BURST);
    const count = (list: string[]) => titles.map((title) => list.filter((t) => t === title).length);
    // each rung reached its channel exactly once: one WeCom message and one DingTalk message per reminder
    expect(count(vendor.wecom.sent.map((m) => m.textcard.title))).toEqual(titles.map(() => 1));
    expect(count(vendor.ding.sent.map((m) => m.msg.action_card.title))).toEqual(titles.map(() => 1));
    // and the device holds one push per reminder (a re-send after the kill carried its first copy's Topic)
    const held = [...pushService.heldFor(device.name).values()].map((p) => (p as { title: string }).title);
    expect(count(held)).toEqual(titles.map(() => 1));
    // one rung at a time: DingTalk at least the escalation time after WeCom went (a push the kill caught in flight
    // may be re-sent after its lease, later than the WeCom rung its silence let out)
    for (const title of titles) {
      const at = (kind: string) => all.find((r) => r.title === title && r.kind === kind)!.sentAt!.getTime();
      expect(at('dingtalk') - at('wecom'), title).toBeGreaterThanOrEqual(ESCALATE * 1000 - 100);
    }
    expect([pushService.problems, vendor.problems]).toEqual([[], []]);
  }, 300_000);
});
