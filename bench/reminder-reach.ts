// Issue 43 point 7: how fast a 待办 reaches its approver. Three figures on PostgreSQL, each from the transaction that
// wrote the 待办 (flow_instances.created_at, the database clock this machine shares): the local push service accepting
// the Web Push; the device receipt a Chromium service worker sends once the push is handed to it through
// `ServiceWorker.deliverPushMessage`; and the WeCom message of an escalation, measured after its deadline.
// Standalone: `npx tsx bench/reminder-reach.ts` (needs `npm run build` for the client).
import path from 'node:path';
import { and, eq, isNotNull, like } from 'drizzle-orm';
import webpush from 'web-push';
import { sendPush } from '../server/modules/delivery/senders';
import type { PushPayload } from '../contract/push';
import { flowInstances, messageDeliveries, messages, outboundDeliveries, users } from '../server/db/schema';
import { defId, forms } from '../tests/factories/flow-client';
import { startPushReceiver } from '../tests/factories/push-receiver';
import { api, loginAs, startTestServer, type TestServer } from '../tests/factories/test-server';
import { startVendorApi, vendorSettings } from '../tests/factories/vendor-api';
import { launchChromium, newContext, PHONE, withServiceWorker } from '../tests/e2e/support/browser';
import { controlled } from '../tests/e2e/support/offline';
import { pushInto } from '../tests/e2e/support/push';

const PUSH_RUNS = 30;
const RECEIPT_RUNS = 10;
const ESCALATION_RUNS = 8;
const ESCALATE_SECONDS = 2;
const P95_TARGET_MS = 300;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : NaN;
};
const until = async <T>(probe: () => T | null | undefined | Promise<T | null | undefined>, what: string) => {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`no ${what} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
};

/** zhangsan submits a 请假 whose 待办 reminds lisi on `channels`; its id and the moment its transaction began. */
async function submitLeave(server: TestServer, uid: string, channels: string[]) {
  const answer = await api(server.baseUrl, uid).post<{ id: string }>('/api/flow/instances', {
    definitionId: defId('leave'),
    formData: forms.leave(1),
    channels,
  });
  if (answer.status !== 200) throw new Error(`submit failed: ${answer.status} ${answer.body.msg}`);
  const id = answer.body.data.id;
  const [row] = await server.database.db
    .select({ at: flowInstances.createdAt })
    .from(flowInstances)
    .where(eq(flowInstances.id, id));
  return { id, committedAt: row!.at.getTime() };
}

async function pushAndReceipt(): Promise<{ accepted: number[]; shown: number[] }> {
  const pushService = await startPushReceiver();
  const server = await startTestServer({
    driver: 'pg',
    staticDir: path.resolve(process.env.DIST_DIR ?? 'dist'),
    env: { PUSH_ENDPOINT_ALLOWLIST: pushService.origin },
  });
  const browser = await launchChromium();
  try {
    const [zhangsan, lisi] = await Promise.all([
      loginAs(server.baseUrl, 'zhangsan', '123456'),
      loginAs(server.baseUrl, 'lisi', '123456'),
    ]);
    const subscribed = await api(server.baseUrl, lisi).post('/api/push/subscriptions', pushService.subscribe().json);
    if (subscribed.status !== 200) throw new Error(`subscribe failed: ${subscribed.body.msg}`);
    const pushOf = (id: string) => pushService.received.find((p) => (p.payload as PushPayload).url?.includes(id));

    const accepted: number[] = [];
    for (let run = 0; run < PUSH_RUNS; run += 1) {
      const { id, committedAt } = await submitLeave(server, zhangsan, ['app']);
      accepted.push((await until(() => pushOf(id), 'push')).receivedAt - committedAt);
    }

    const { context } = await newContext(browser, withServiceWorker(PHONE));
    await context.grantPermissions(['notifications'], { origin: server.baseUrl });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/phonehome?uid=${lisi}`);
    await controlled(page);
    const feed = await pushInto(page, server.baseUrl);
    const shown: number[] = [];
    for (let run = 0; run < RECEIPT_RUNS; run += 1) {
      const { id, committedAt } = await submitLeave(server, zhangsan, ['app']);
      await feed((await until(() => pushOf(id), 'push')).payload as object);
      const shownAt = await until(async () => {
        const [row] = await server.database.db
          .select({ at: outboundDeliveries.shownAt })
          .from(outboundDeliveries)
          .innerJoin(messageDeliveries, eq(messageDeliveries.id, outboundDeliveries.deliveryId))
          .innerJoin(messages, eq(messages.id, messageDeliveries.messageId))
          .where(and(like(messages.link, `%${id}`), isNotNull(outboundDeliveries.shownAt)));
        return row?.at ?? null;
      }, 'receipt');
      shown.push(shownAt.getTime() - committedAt);
    }
    await context.close();
    return { accepted, shown };
  } finally {
    await browser.close();
    await server.close();
    await pushService.close();
  }
}

/** A push nobody shows: the WeCom rung's arrival after its deadline (the push's sending + REMINDER_ESCALATE_SECONDS). */
async function escalationDelay(): Promise<number[]> {
  const vendor = await startVendorApi();
  const pushService = await startPushReceiver();
  const server = await startTestServer({
    driver: 'pg',
    env: {
      ...vendorSettings,
      WECOM_API_BASE: vendor.url,
      DINGTALK_API_BASE: vendor.url,
      SMS_API_BASE: `${vendor.url}/`,
      PUSH_ENDPOINT_ALLOWLIST: pushService.origin,
      REMINDER_ESCALATE_SECONDS: String(ESCALATE_SECONDS),
    },
  });
  try {
    const mobile = '13911112222';
    await server.database.db.update(users).set({ mobile }).where(eq(users.username, 'lisi'));
    vendor.wecom.directory.set(mobile, 'wx-lisi');
    const [zhangsan, lisi] = await Promise.all([
      loginAs(server.baseUrl, 'zhangsan', '123456'),
      loginAs(server.baseUrl, 'lisi', '123456'),
    ]);
    await api(server.baseUrl, lisi).post('/api/push/subscriptions', pushService.subscribe().json);
    const delays: number[] = [];
    for (let run = 0; run < ESCALATION_RUNS; run += 1) {
      const before = vendor.wecom.sent.length;
      const { id } = await submitLeave(server, zhangsan, ['app', 'Wechat']);
      const pushed = await until(
        () => pushService.received.find((p) => (p.payload as PushPayload).url?.includes(id)),
        'push',
      );
      const arrived = await until(() => vendor.wecom.sentAt[before] ?? null, 'WeCom message');
      delays.push(arrived - (pushed.receivedAt + ESCALATE_SECONDS * 1000));
    }
    return delays;
  } finally {
    await server.close();
    await pushService.close();
    await vendor.close();
  }
}

/**
 * The floor of "commit → push service accepted": the same Web Push (VAPID-signed, aes128gcm, the server's own
 * sendPush) sent straight from this process to the same loopback push service, no database, outbox or worker between.
 */
async function directPushFloor(): Promise<number[]> {
  const pushService = await startPushReceiver();
  try {
    const { endpoint, keys } = pushService.subscribe().json;
    const vapid = webpush.generateVAPIDKeys();
    const times: number[] = [];
    for (let run = 0; run < PUSH_RUNS; run += 1) {
      const url = `/follow/floor-${run}`;
      const payload = { title: '待办', body: '请假', url, tag: url, receipt: '', badge: 1 };
      const sentAt = Date.now();
      const outcome = await sendPush({ endpoint, ...keys }, payload, {
        vapid,
        subject: 'mailto:bench@example.com',
        topic: `floor${run}`,
        signal: AbortSignal.timeout(15_000),
      });
      if (outcome.kind !== 'sent') throw new Error(`floor push not sent: ${JSON.stringify(outcome)}`);
      const arrived = await until(
        () => pushService.received.find((p) => (p.payload as PushPayload).url === url),
        'push',
      );
      times.push(arrived.receivedAt - sentAt);
    }
    return times;
  } finally {
    await pushService.close();
  }
}

const figures = (values: number[]) =>
  `${Math.round(percentile(values, 0.5))} | ${Math.round(percentile(values, 0.95))} | ${Math.round(Math.max(...values))}`;

/** Markdown lines for bench/results.md, with the p95 target's verdict. */
export async function reminderReachLines(): Promise<string[]> {
  const { accepted, shown } = await pushAndReceipt();
  const escalation = await escalationDelay();
  const floor = await directPushFloor();
  const met = percentile(accepted, 0.95) <= P95_TARGET_MS;
  return [
    `Reminder reach on PostgreSQL, from the transaction that wrote each 待办 (${PUSH_RUNS}, ${RECEIPT_RUNS} and ${ESCALATION_RUNS} 请假 submitted one after another; loopback push service and WeCom stand-in; the receipt from a Chromium service worker fed through \`ServiceWorker.deliverPushMessage\`).`,
    '',
    '| figure | p50 (ms) | p95 (ms) | max (ms) |',
    '|---|---|---|---|',
    `| commit → push service accepted | ${figures(accepted)} |`,
    `| commit → device receipt (shown) recorded | ${figures(shown)} |`,
    `| escalation: WeCom message after its deadline (${ESCALATE_SECONDS} s after an unshown push) | ${figures(escalation)} |`,
    `| floor: the same Web Push sent straight by the server's sendPush (no database, outbox or worker) | ${figures(floor)} |`,
    '',
    `Floor: ${PUSH_RUNS} Web Pushes (VAPID-signed, encrypted) sent one after another straight from the bench process to the same`,
    'loopback push service: what the push alone costs on this machine, under every figure above.',
    `Target commit → push service accepted p95 ≤ ${P95_TARGET_MS} ms on loopback: ${met ? 'met' : '**missed**'}.`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await reminderReachLines()).join('\n'));
}
