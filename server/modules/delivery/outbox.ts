import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboundDeliveries, pushSubscriptions, users } from '../../db/schema';

/** One recorded delivery of a message (message_deliveries row). */
export interface RecordedDelivery {
  id: string;
  receiverId: string;
  channel: string;
}

/**
 * Writes what must leave the app for these deliveries into the outbox, in the caller's transaction (so a rolled-back
 * action sends nothing, and a committed one is sent even if the process dies right after): a Web Push to each of the
 * receiver's devices for the app channel, an e-mail to the receiver's address for the email channel.
 */
export async function enqueueOutbound(tx: Db, deliveries: readonly RecordedDelivery[]): Promise<void> {
  const pushFor = deliveries.filter((d) => d.channel === 'app');
  const mailFor = deliveries.filter((d) => d.channel === 'email');
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
  if (mailFor.length) {
    const addresses = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, [...new Set(mailFor.map((d) => d.receiverId))]));
    const emailOf = new Map(addresses.map((a) => [a.id, a.email?.trim() ?? '']));
    for (const delivery of mailFor) {
      const email = emailOf.get(delivery.receiverId) ?? '';
      // a person without an address is recorded as failed, so the sender is told instead of waiting for nothing
      rows.push(
        email
          ? { deliveryId: delivery.id, kind: 'email', target: email }
          : { deliveryId: delivery.id, kind: 'email', target: '', status: 'failed', lastError: '收件人没有邮箱地址' },
      );
    }
  }
  if (rows.length) await tx.insert(outboundDeliveries).values(rows);
}
