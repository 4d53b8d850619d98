import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import {
  messageDeliveries,
  messages,
  outboundDeliveries,
  pushSubscriptionDrops,
  pushSubscriptions,
} from '../../db/schema';
import type { VapidKeyPair } from '../push/vapid-keys';
import { createMailer, sendPush, type SendOutcome } from './senders';
import { composeMail, entryLinkOf, linkOf } from './mail-body';
import { CHANNEL_ROUTES } from './channels';
import { preparePush } from './receipts';
import { releaseDueRungs } from './escalation';
import type { VendorSender } from './vendor-senders';
import { pushApproveFields } from '../flow/notification-token';

const BATCH = 10;
const POLL_MS = 1_000;
/** The app's entry a WeCom or DingTalk reminder links through, so a tap there lands signed in on the item. */
const VENDOR_ENTRIES: Partial<Record<string, '/wecom' | '/dingtalk'>> = { wecom: '/wecom', dingtalk: '/dingtalk' };
/** Seconds before retry n (1-based); past the last one the delivery is given up as failed. */
const BACKOFF_SECONDS = [10, 30, 120, 600, 1800];

export interface DeliveryWorker {
  /** look for due deliveries now (after a commit that queued some) instead of at the next poll */
  wake(): void;
  stop(): Promise<void>;
}

const due = (db: Db) =>
  db
    .select({ id: outboundDeliveries.id })
    .from(outboundDeliveries)
    .where(
      and(
        sql`${outboundDeliveries.status} = 'pending'`,
        lte(outboundDeliveries.nextAttemptAt, sql`now()`),
        or(isNull(outboundDeliveries.leaseUntil), lt(outboundDeliveries.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(outboundDeliveries.nextAttemptAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });

/**
 * Claims up to BATCH due deliveries for this process: SKIP LOCKED, so two processes never claim the same row. The lease
 * (at least 5 s longer than a send may take, see withDeadline) ends only for a process that died mid-send.
 */
async function claim(db: Db, leaseSeconds: number) {
  const claimed = await db
    .update(outboundDeliveries)
    .set({
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${outboundDeliveries.attempts} + 1`,
    })
    .where(inArray(outboundDeliveries.id, due(db)))
    .returning({ id: outboundDeliveries.id });
  if (!claimed.length) return [];
  return db
    .select({
      id: outboundDeliveries.id,
      kind: outboundDeliveries.kind,
      target: outboundDeliveries.target,
      attempts: outboundDeliveries.attempts,
      subscriptionId: outboundDeliveries.subscriptionId,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      receiverId: messageDeliveries.receiverId,
      messageId: messages.id,
      title: messages.title,
      content: messages.content,
      link: messages.link,
    })
    .from(outboundDeliveries)
    .innerJoin(messageDeliveries, eq(messageDeliveries.id, outboundDeliveries.deliveryId))
    .innerJoin(messages, eq(messages.id, messageDeliveries.messageId))
    .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, outboundDeliveries.subscriptionId))
    .where(
      inArray(
        outboundDeliveries.id,
        claimed.map((c) => c.id),
      ),
    );
}

type Claimed = Awaited<ReturnType<typeof claim>>[number];

/** Records how a send ended; a retry gets the next backoff step, and the last failed step gives up. */
async function settle(db: Db, row: Claimed, outcome: SendOutcome): Promise<void> {
  if (outcome.kind === 'sent') {
    await db
      .update(outboundDeliveries)
      .set({ status: 'sent', sentAt: sql`now()`, leaseUntil: null, lastError: null })
      .where(eq(outboundDeliveries.id, row.id));
    return;
  }
  if (outcome.kind === 'gone') {
    await db.transaction(async (tx) => {
      await tx
        .update(outboundDeliveries)
        .set({ status: 'dropped', leaseUntil: null, lastError: outcome.error })
        .where(eq(outboundDeliveries.id, row.id));
      if (!row.subscriptionId) return;
      const [gone] = await tx
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.id, row.subscriptionId))
        .returning({ userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint });
      // remembered for its person: the app says at the next open that this device's push has died
      if (gone)
        await tx
          .insert(pushSubscriptionDrops)
          .values(gone)
          .onConflictDoUpdate({ target: pushSubscriptionDrops.endpoint, set: { ...gone, droppedAt: sql`now()` } });
    });
    return;
  }
  const wait = BACKOFF_SECONDS[row.attempts - 1];
  const givingUp = outcome.kind === 'permanent' || wait === undefined;
  await db
    .update(outboundDeliveries)
    .set(
      givingUp
        ? { status: 'failed', leaseUntil: null, lastError: outcome.error }
        : { leaseUntil: null, lastError: outcome.error, nextAttemptAt: sql`now() + make_interval(secs => ${wait})` },
    )
    .where(eq(outboundDeliveries.id, row.id));
}

export interface WorkerDeps {
  db: Db;
  log: FastifyBaseLogger;
  config: Pick<
    ServerConfig,
    | 'push'
    | 'smtp'
    | 'wecom'
    | 'dingtalk'
    | 'sms'
    | 'appPublicUrl'
    | 'deliverySendTimeoutSeconds'
    | 'deliveryLeaseSeconds'
    | 'reminderEscalateSeconds'
  >;
  vapid: () => Promise<VapidKeyPair>;
}

/**
 * One send under its deadline: its vendor calls are aborted then, and a send still going (a stalled SMTP relay, a
 * token fetch shared with other sends) is given up as a retry, so no send outlives the lease of the claim it runs
 * under and no other process sends it a second time while this one still does.
 */
async function withDeadline(seconds: number, send: (signal: AbortSignal) => Promise<SendOutcome>) {
  const signal = AbortSignal.timeout(seconds * 1000);
  const late = new Promise<SendOutcome>((resolve) =>
    signal.addEventListener('abort', () => resolve({ kind: 'retry', error: `发送超时（${seconds} 秒）` }), {
      once: true,
    }),
  );
  return Promise.race([send(signal), late]);
}

/** Starts the process's delivery worker: it sends what the outbox holds until stop(). */
export function startDeliveryWorker(deps: WorkerDeps): DeliveryWorker {
  const mailer = createMailer(deps.config.smtp, deps.config.deliverySendTimeoutSeconds * 1000);
  // the vendor channels of the channel table, by outbox kind
  const vendors = new Map<string, { sender: VendorSender | null; missing: string }>();
  for (const route of Object.values(CHANNEL_ROUTES))
    if (route.vendor) vendors.set(route.kind, { sender: route.vendor(deps.config), missing: route.notConfigured });
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let wakeRequested = false;

  const send = async (row: Claimed, signal: AbortSignal): Promise<SendOutcome> => {
    const topic = row.id.replaceAll('-', '');
    if (row.kind === 'push') {
      if (!row.p256dh || !row.auth) return { kind: 'gone', error: '推送订阅已取消' };
      const payload = await preparePush(deps.db, row, {
        title: row.title,
        body: row.content.slice(0, 200),
        url: row.link ?? '/phonehome',
        tag: row.link ?? row.messageId,
        // a 待办 that needs no input: the notification's 同意 (flow/notification-token.ts)
        ...(await pushApproveFields(deps.db, row)),
      });
      return sendPush({ endpoint: row.target, p256dh: row.p256dh, auth: row.auth }, payload, {
        vapid: await deps.vapid(),
        subject: deps.config.push.subject,
        topic,
        signal,
      });
    }
    if (row.kind === 'email') {
      if (!mailer) return { kind: 'permanent', error: CHANNEL_ROUTES.email!.notConfigured };
      return mailer.send({
        to: row.target,
        messageId: `<${row.id}@oa-mobile>`,
        ...composeMail(row, deps.config.appPublicUrl),
      });
    }
    const vendor = vendors.get(row.kind);
    if (vendor) {
      // queued while the channel was configured, and the settings were removed since
      if (!vendor.sender) return { kind: 'permanent', error: vendor.missing };
      const entry = VENDOR_ENTRIES[row.kind];
      return vendor.sender.send(
        row.target,
        {
          title: row.title,
          content: row.content,
          url: entry
            ? entryLinkOf(
                row.link,
                deps.config.appPublicUrl,
                entry,
                entry === '/dingtalk' ? deps.config.dingtalk.corpId : null,
              )
            : linkOf(row.link, deps.config.appPublicUrl),
        },
        signal,
      );
    }
    return { kind: 'permanent', error: `unknown delivery kind ${row.kind}` };
  };

  const runOnce = async (): Promise<number> => {
    // the escalation rungs whose time came become pending first, and are claimed with the rest
    await releaseDueRungs(deps.db, deps.config.reminderEscalateSeconds);
    const rows = await claim(deps.db, deps.config.deliveryLeaseSeconds);
    await Promise.all(
      rows.map(async (row) => {
        const outcome = await withDeadline(deps.config.deliverySendTimeoutSeconds, (signal) => send(row, signal)).catch(
          (error: unknown): SendOutcome => ({ kind: 'retry', error: String(error).slice(0, 500) }),
        );
        await settle(deps.db, row, outcome);
      }),
    );
    return rows.length;
  };

  const loop = (async () => {
    while (!stopped) {
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (error) {
        if (!stopped) deps.log.warn({ err: error }, 'delivery worker: a round failed; retrying at the next poll');
      }
      if (stopped || claimed === BATCH) continue;
      if (wakeRequested) {
        wakeRequested = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  })();

  return {
    wake() {
      wakeRequested = true;
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      mailer?.close();
    },
  };
}
