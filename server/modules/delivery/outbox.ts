import { inArray } from 'drizzle-orm';
import type { ReminderChannel } from '@contract/upms';
import type { Db } from '../../db/client';
import { outboundDeliveries, pushSubscriptions, users } from '../../db/schema';
import { CHANNEL_ROUTES, type ConfiguredChannels } from './channels';
import { receiverPlans } from './escalation';

/** One recorded delivery of a message (message_deliveries row). */
export interface RecordedDelivery {
  id: string;
  receiverId: string;
  channel: string;
}

/** How a reminder leaves: urgent ones (催办) ignore 免打扰, allAtOnce ones go on every chosen channel at once. */
export interface SendManner {
  urgent?: boolean;
  allAtOnce?: boolean;
}

type Row = typeof outboundDeliveries.$inferInsert;

/**
 * A receiver's rows as a ladder (server/modules/delivery/escalation.ts): the pushes are rung 0, the other channels
 * wait ('held') in the person's order, rung n at start + n × REMINDER_ESCALATE_SECONDS (one rung earlier without a
 * push device, whose first rung goes at once). Rows already failed (no address) take no rung.
 */
function ladder(rows: Row[], order: string[], start: Date, escalateSeconds: number): void {
  const pushes = rows.filter((r) => r.kind === 'push');
  const rest = rows
    .filter((r) => r.kind !== 'push' && r.status !== 'failed')
    .sort((a, b) => order.indexOf(channelOfKind(a.kind)) - order.indexOf(channelOfKind(b.kind)));
  for (const push of pushes) push.rung = 0;
  rest.forEach((row, i) => {
    const step = pushes.length ? i + 1 : i;
    row.rung = i + 1;
    row.nextAttemptAt = new Date(start.getTime() + step * escalateSeconds * 1000);
    row.status = step === 0 ? 'pending' : 'held';
  });
}

const channelOfKind = (kind: string) =>
  Object.entries(CHANNEL_ROUTES).find(([, route]) => route.kind === kind)?.[0] ?? kind;

/**
 * Writes what must leave the app for these deliveries into the outbox, in the caller's transaction (so a rolled-back
 * action sends nothing, and a committed one is sent even if the process dies right after): a Web Push to each of the
 * receiver's devices for the app channel, and for the other channels the kind and receiver field of the channel table
 * (channels.ts): an e-mail to the address, a WeCom 应用消息, DingTalk 工作通知 or SMS to the mobile. A channel this server has
 * not configured gets no row (its message_deliveries row says 'logged': the report shows 未配置).
 */
export async function enqueueOutbound(
  tx: Db,
  configured: ConfiguredChannels,
  deliveries: readonly RecordedDelivery[],
  manner: SendManner = {},
): Promise<void> {
  const pushFor = deliveries.filter((d) => d.channel === 'app');
  const routeOf = (d: RecordedDelivery) => CHANNEL_ROUTES[d.channel as ReminderChannel];
  const outgoing = deliveries.filter((d) => routeOf(d)?.receiver && configured.includes(d.channel as ReminderChannel));
  const rows: Row[] = [];
  if (pushFor.length) {
    const devices = await tx
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, [...new Set(pushFor.map((d) => d.receiverId))]));
    for (const delivery of pushFor) {
      for (const device of devices.filter((d) => d.userId === delivery.receiverId)) {
        rows.push({ deliveryId: delivery.id, kind: 'push', subscriptionId: device.id, target: device.endpoint });
      }
    }
  }
  if (outgoing.length) {
    const contacts = await tx
      .select({ id: users.id, email: users.email, mobile: users.mobile })
      .from(users)
      .where(inArray(users.id, [...new Set(outgoing.map((d) => d.receiverId))]));
    const contactOf = new Map(contacts.map((c) => [c.id, c]));
    for (const delivery of outgoing) {
      const { kind, receiver, noReceiver: missing } = routeOf(delivery)!;
      const target = contactOf.get(delivery.receiverId)?.[receiver!]?.trim() ?? '';
      // a person without an address or mobile is recorded as failed, so the sender is told instead of waiting for nothing
      rows.push(
        target
          ? { deliveryId: delivery.id, kind, target }
          : { deliveryId: delivery.id, kind, target: '', status: 'failed', lastError: missing },
      );
    }
  }
  if (!rows.length) return;
  const receiverOf = new Map(deliveries.map((d) => [d.id, d.receiverId]));
  const plans = await receiverPlans(tx, [...new Set(deliveries.map((d) => d.receiverId))], !!manner.urgent);
  const escalateSeconds = configured.escalateSeconds ?? 0;
  for (const [receiverId, plan] of plans) {
    const own = rows.filter((r) => receiverOf.get(r.deliveryId) === receiverId);
    // 免打扰: everything waits for its end (the in-app message is in the inbox already)
    if (plan.start.getTime() > Date.now())
      for (const row of own) if (row.status !== 'failed') row.nextAttemptAt = plan.start;
    const escalates = escalateSeconds > 0 && !manner.allAtOnce && pushFor.some((d) => d.receiverId === receiverId);
    if (escalates && own.some((r) => r.kind !== 'push' && r.status !== 'failed')) {
      ladder(own, plan.order, plan.start, escalateSeconds);
    }
  }
  await tx.insert(outboundDeliveries).values(rows);
}
