import { users } from './users';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A sent message; one delivery row per receiver per channel records what happened to it. */
export const messages = pgTable('messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  link: text('link'),
  channels: text('channels').array().notNull(),
  /** the module it comes from (contract/message.ts messageSourceOf): 消息中心 filters on it */
  source: text('source').notNull().default('system'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** channel 'app' is the in-app inbox (read flag); other channels carry the adapter's status ('logged', 'sent', …). */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    read: boolean('read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_deliveries_inbox_idx').on(t.receiverId, t.channel, t.createdAt),
    // the inbox page in its order (newest first, id breaking ties), read backward: never sorted
    index('message_deliveries_inbox_page_idx')
      .on(t.receiverId, t.createdAt, t.id)
      .where(sql`${t.channel} = 'app'`),
    index('message_deliveries_message_idx').on(t.messageId),
    // the badge counter reads only unread app rows
    index('message_deliveries_unread_idx')
      .on(t.receiverId)
      .where(sql`${t.channel} = 'app' and ${t.read} = false`),
  ],
);

/**
 * How many in-app messages each user holds, kept by statement triggers on message_deliveries (migration 0024): the
 * inbox's total reads one row instead of counting (and joining) every message of a long inbox.
 */
export const messageInboxCounts = pgTable('message_inbox_counts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
});
