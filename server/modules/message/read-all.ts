import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MessageSource } from '@contract/message';
import type { Db } from '../../db/client';
import { messageDeliveries, messages, outboundDeliveries } from '../../db/schema';
import { STOPPED } from '../delivery/escalation';

/**
 * 全部已读: marks every unread in-app message of the caller read (only one source module's when given) and stops the
 * escalation ladders of those messages for the caller, as reading each one would. Call inside a write transaction.
 */
export async function markAllRead(tx: Db, userId: string, source?: MessageSource): Promise<{ count: number }> {
  const updated = await tx
    .update(messageDeliveries)
    .set({ read: true, readAt: sql`coalesce(${messageDeliveries.readAt}, now())` })
    .where(
      and(
        eq(messageDeliveries.receiverId, userId),
        sql`${messageDeliveries.channel} = 'app'`,
        sql`${messageDeliveries.read} = false`,
        source
          ? inArray(
              messageDeliveries.messageId,
              tx.select({ id: messages.id }).from(messages).where(eq(messages.source, source)),
            )
          : undefined,
      ),
    )
    .returning({ messageId: messageDeliveries.messageId });
  const messageIds = updated.map((row) => row.messageId);
  if (messageIds.length) {
    await tx
      .update(outboundDeliveries)
      .set({ status: 'stopped', lastError: STOPPED.read, leaseUntil: null })
      .where(
        and(
          sql`${outboundDeliveries.status} = 'held'`,
          inArray(
            outboundDeliveries.deliveryId,
            tx
              .select({ id: messageDeliveries.id })
              .from(messageDeliveries)
              .where(and(eq(messageDeliveries.receiverId, userId), inArray(messageDeliveries.messageId, messageIds))),
          ),
        ),
      );
  }
  return { count: messageIds.length };
}
