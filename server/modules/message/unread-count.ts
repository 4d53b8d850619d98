import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageDeliveries } from '../../db/schema';

/** Unread in-app messages (the `message` badge) as one scalar expression, served by the same partial index. */
export function unreadMessagesCount(db: Db, userId: string): SQL<number> {
  const query = db
    .select({ n: count() })
    .from(messageDeliveries)
    .where(
      and(
        eq(messageDeliveries.receiverId, userId),
        eq(messageDeliveries.channel, 'app'),
        eq(messageDeliveries.read, false),
      ),
    );
  return sql<number>`(${query})`;
}
