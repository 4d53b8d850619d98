import { inArray } from 'drizzle-orm';
import type { ReminderChannel } from '@contract/upms';
import type { Db } from '../../db/client';
import { outboundDeliveries, pushSubscriptions, users } from '../../db/schema';
import { CHANNEL_ROUTES, type ConfiguredChannels } from './channels';

/** One recorded delivery of a message (message_deliveries row). */
export interface RecordedDelivery {
  id: string;
  receiverId: string;
  channel: string;
}

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
): Promise<void> {
  const pushFor = deliveries.filter((d) => d.channel === 'app');
  const routeOf = (d: RecordedDelivery) => CHANNEL_ROUTES[d.channel as ReminderChannel];
  const outgoing = deliveries.filter((d) => routeOf(d)?.receiver && configured.includes(d.channel as ReminderChannel));
  const rows: (typeof outboundDeliveries.$inferInsert)[] = [];
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
  if (rows.length) await tx.insert(outboundDeliveries).values(rows);
}
