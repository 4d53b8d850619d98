import { users } from './users';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** First answers of writes sent with an Idempotency-Key (kept 24 h). status 0 = still being processed. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull().default(0),
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Limits that must hold across server processes (server/plugins/shared-limit.ts): per scope and subject, hits
 * counted in short buckets of a sliding window, or (bucket_start = epoch) the answers a subject has open now.
 * Rows past expires_at no longer count and are swept.
 */
export const sharedLimits = pgTable(
  'shared_limits',
  {
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.subject, t.bucketStart] }),
    index('shared_limits_expires_idx').on(t.expiresAt),
  ],
);
