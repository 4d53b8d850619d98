import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { messageDeliveries } from './messages';
import { users } from './users';

/** A browser's Web Push subscription (PushSubscription.toJSON()); a person may have several devices. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the last notification this device reported shown (a receipt from its service worker), for 我的 → 消息通知 */
    lastShownAt: timestamp('last_shown_at', { withTimezone: true }),
    lastShownTitle: text('last_shown_title'),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * A subscription the push service said is gone (404/410), remembered for its person so the app can say at the next
 * open that this device's push has died (本机消息推送已失效). Subscribing that endpoint again, or replacing it, forgets it.
 */
export const pushSubscriptionDrops = pgTable(
  'push_subscription_drops',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    droppedAt: timestamp('dropped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscription_drops_user_idx').on(t.userId)],
);

/** The server's VAPID key pair (RFC 8292), made once so every process signs with the same key. */
export const vapidKeys = pgTable('vapid_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The transactional outbox of reminders leaving the app: written in the transaction of the action that caused them,
 * sent afterwards by a worker (server/modules/delivery/worker.ts). A row is claimed with a lease (FOR UPDATE SKIP
 * LOCKED), so one process sends it, and a process killed mid-send leaves it to be claimed again when the lease ends.
 */
export const outboundDeliveries = pgTable(
  'outbound_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => messageDeliveries.id, { onDelete: 'cascade' }),
    /** 'push' (Web Push of the app channel) or 'email' */
    kind: text('kind').notNull(),
    subscriptionId: uuid('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'set null' }),
    /** the e-mail address, or the push endpoint (kept for the record when the subscription is gone) */
    target: text('target').notNull(),
    /**
     * pending | sent | failed (gave up) | dropped (the push service said the subscription is gone) | held (a later
     * rung of an escalation ladder, waiting for its time) | stopped (a receipt, reading or handling came first)
     */
    status: text('status').notNull().default('pending'),
    /**
     * The rung of the reminder's escalation ladder for its receiver (escalation.ts): 0 the pushes, 1.. the other chosen
     * channels in the person's order, one at a time; null when the channels went out all at once.
     */
    rung: integer('rung'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** sha256 (hex) of the receipt token the push carried; the token itself is only in the encrypted payload */
    receiptHash: text('receipt_hash'),
    /** the device's service worker reported the notification shown / tapped (POST /api/push/receipts) */
    shownAt: timestamp('shown_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbound_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbound_deliveries_held_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'held'`),
    index('outbound_deliveries_delivery_idx').on(t.deliveryId),
    uniqueIndex('outbound_deliveries_receipt_idx')
      .on(t.receiptHash)
      .where(sql`${t.receiptHash} is not null`),
  ],
);
