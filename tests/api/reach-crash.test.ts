import fs from 'node:fs/promises';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, describe, it } from 'vitest';
import { messageDeliveries, messages, outboundDeliveries } from '../../server/db/schema';
import { startPushReceiver } from '../factories/push-receiver';
import { api, loginAs } from '../factories/test-server';
import {
  createSeededDataDir,
  createSeededPgDatabase,
  openServerDatabase,
  spawnServer,
  type ServerProcess,
} from '../support-bench/spawn-server';
import { drivers } from './support/server';

const BURST = 40;
const KILL_AFTER_PUSHES = 6;

// both drivers at once: most of a run is the wait for the killed process's leases to end
describe.concurrent.each(drivers)('reminder deliveries across kill -9 on %s', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const clean of cleanups.reverse()) await clean().catch(() => undefined);
  });

  it(`loses no push and delivers none twice when the sending process is killed mid-burst (${BURST} reminders)`, async ({
    expect,
  }) => {
    const pushService = await startPushReceiver({ answerAfterMs: 300 });
    const pg = driver === 'pg' ? await createSeededPgDatabase('oa_reach_crash') : null;
    const dataDir = pg ? await fs.mkdtemp(`${os.tmpdir()}/oa-reach-crash-`) : await createSeededDataDir();
    cleanups.push(async () => {
      await pushService.close();
      await pg?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    // the lease of the killed process's claims ends after 10 s instead of the default 60: the smallest allowed beside
    // a send that may take 5 s (a local push service answers in 300 ms)
    const env = {
      DATA_DIR: dataDir,
      PUSH_ENDPOINT_ALLOWLIST: pushService.origin,
      DELIVERY_SEND_TIMEOUT_SECONDS: '5',
      DELIVERY_LEASE_SECONDS: '10',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    };
    let server: ServerProcess = await spawnServer(env);
    cleanups.push(() => server.kill9());

    const lisi = api(server.baseUrl, await loginAs(server.baseUrl, 'lisi', '123456'));
    const device = pushService.subscribe();
    expect((await lisi.post('/api/push/subscriptions', device.json)).status).toBe(200);
    const lisiId = (await lisi.get<{ userVo: { id: string } }>('/api/upms/user/current')).body.data.userVo.id;
    const admin = api(server.baseUrl, await loginAs(server.baseUrl, 'admin', 'admin123'));
    const run = randomBytes(4).toString('hex');
    const sent = await Promise.all<{ status: number; body: { data: { id: string } } }>(
      Array.from({ length: BURST }, (_, i) =>
        admin.post('/api/upms/message/send', {
          title: `投递测试 ${run} #${i}`,
          content: '请处理',
          receiverIds: [lisiId],
          channels: ['app'],
        }),
      ),
    );
    expect(sent.map((s) => s.status).filter((s) => s !== 200)).toEqual([]);

    await expect
      .poll(() => pushService.received.length, { timeout: 30_000, interval: 20 })
      .toBeGreaterThanOrEqual(KILL_AFTER_PUSHES);
    await server.kill9();
    const beforeRestart = pushService.received.length;
    expect(beforeRestart, 'the kill came after the whole burst was sent').toBeLessThan(BURST);

    server = await spawnServer(env);
    // the sender's report: settled once the killed process's leases ran out and the new process sent what they held
    const adminAgain = api(server.baseUrl, await loginAs(server.baseUrl, 'admin', 'admin123'));
    const unsettled = async () => {
      const reports = await Promise.all(
        sent.map((s) => adminAgain.get<{ channels: { state: string }[] }>(`/api/message/${s.body.data.id}/deliveries`)),
      );
      // handed to the push service is all a report can know without the device's receipt
      return reports.filter((r) => r.body.data.channels[0]?.state !== 'unconfirmed').length;
    };
    await expect.poll(unsettled, { timeout: 120_000, interval: 1_000 }).toBe(0);
    await server.stop();

    const database = await openServerDatabase(env);
    try {
      const rows = await database.db
        .select({ id: outboundDeliveries.id, status: outboundDeliveries.status })
        .from(outboundDeliveries)
        .innerJoin(messageDeliveries, eq(messageDeliveries.id, outboundDeliveries.deliveryId))
        .innerJoin(messages, eq(messages.id, messageDeliveries.messageId))
        .where(like(messages.title, `投递测试 ${run} #%`));
      expect(rows).toHaveLength(BURST);
      expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
      // every delivery reached the device exactly once: a re-send after the kill carried its first copy's Topic
      const topics = new Set(pushService.received.map((p) => String(p.headers.topic)));
      expect([...topics].sort()).toEqual(rows.map((r) => r.id.replaceAll('-', '')).sort());
      const titles = [...pushService.heldFor(device.name).values()].map((p) => (p as { title: string }).title).sort();
      expect(titles).toEqual(Array.from({ length: BURST }, (_, i) => `投递测试 ${run} #${i}`).sort());
    } finally {
      await database.close();
    }
  }, 240_000);
});
