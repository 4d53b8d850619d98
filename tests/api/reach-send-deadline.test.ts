import { createServer, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { SelectorNode } from '../../contract/upms';
import { loadConfig } from '../../server/config';
import { messageDeliveries, outboundDeliveries } from '../../server/db/schema';
import { startPushReceiver } from '../factories/push-receiver';
import { drivers, useServer } from './support/server';

// a push service that answers after 8 s, and an SMTP relay that takes the connection and never greets
const slowPushService = await startPushReceiver({ answerAfterMs: 8_000 });
const sockets = new Set<Socket>();
const silentRelay = createServer((socket) => sockets.add(socket));
await new Promise<void>((resolve) => silentRelay.listen(0, '127.0.0.1', resolve));
const relayPort = (silentRelay.address() as { port: number }).port;
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all([slowPushService.close(), new Promise((resolve) => silentRelay.close(resolve))]);
});

it('holds a claim at least 5 s longer than a send may take', () => {
  expect(loadConfig({}).deliverySendTimeoutSeconds).toBe(15);
  expect(loadConfig({}).deliveryLeaseSeconds).toBe(60);
  expect(loadConfig({ DELIVERY_LEASE_SECONDS: '8' }).deliveryLeaseSeconds).toBe(20);
  expect(loadConfig({ DELIVERY_SEND_TIMEOUT_SECONDS: '3', DELIVERY_LEASE_SECONDS: '8' }).deliveryLeaseSeconds).toBe(8);
  expect(loadConfig({ DELIVERY_SEND_TIMEOUT_SECONDS: '90' }).deliveryLeaseSeconds).toBe(95);
});

/** A send past DELIVERY_SEND_TIMEOUT_SECONDS is given up as a retry: it can never outlive its claim's lease. */
describe.each(drivers)('a reminder send that hangs on %s', (driver) => {
  const ctx = useServer(driver, {
    env: {
      PUSH_ENDPOINT_ALLOWLIST: slowPushService.origin,
      SMTP_URL: `smtp://127.0.0.1:${relayPort}`,
      DELIVERY_SEND_TIMEOUT_SECONDS: '1',
    },
  });

  it('is a retry after the deadline, for Web Push and for e-mail alike', async () => {
    const zhangsan = await ctx.as('zhangsan');
    const device = slowPushService.subscribe();
    expect((await zhangsan.post('/api/push/subscriptions', device.json)).status).toBe(200);
    const admin = await ctx.as('admin');
    const receiver = (
      await admin.get<SelectorNode[]>(`/api/upms/selector/tree/org/user/0?queryValue=${encodeURIComponent('张三')}`)
    ).body.data[0]!.id;
    const sent = await admin.post<{ id: string }>('/api/upms/message/send', {
      title: `超时测试（${driver}）`,
      content: '请处理',
      receiverIds: [receiver],
      channels: ['app', 'email'],
    });
    expect(sent.status, sent.body.msg).toBe(200);
    const outbox = () =>
      ctx.server.database.db
        .select({
          kind: outboundDeliveries.kind,
          status: outboundDeliveries.status,
          error: outboundDeliveries.lastError,
        })
        .from(outboundDeliveries)
        .innerJoin(messageDeliveries, eq(messageDeliveries.id, outboundDeliveries.deliveryId))
        .where(eq(messageDeliveries.messageId, sent.body.data.id));
    // both came back well before the push service would have answered (8 s)
    await expect
      .poll(async () => (await outbox()).filter((row) => row.error !== null).length, { timeout: 6_000, interval: 100 })
      .toBe(2);
    const rows = await outbox();
    expect(rows.map((row) => row.status)).toEqual(['pending', 'pending']);
    expect(rows.find((row) => row.kind === 'push')!.error).toBe('发送超时（1 秒）');
  });
});
