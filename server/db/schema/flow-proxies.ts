import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * 审批代理: while [start_at, end_at) is open, new tasks of `user_id` (of every flow, or of `definition_ids`) go to
 * `proxy_user_id`. `opened_at` / `closed_at` are claimed once across processes by the sweep that moves the waiting
 * tasks over (include_waiting) and, at the end, back.
 */
export const flowProxies = pgTable(
  'flow_proxies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    proxyUserId: uuid('proxy_user_id')
      .notNull()
      .references(() => users.id),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** null: every flow */
    definitionIds: uuid('definition_ids').array(),
    includeWaiting: boolean('include_waiting').notNull().default(false),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flow_proxies_user_idx').on(t.userId, t.endAt),
    index('flow_proxies_proxy_user_idx').on(t.proxyUserId, t.endAt),
    // the sweep's two questions, asked on every list read: "has one ended" and "has one opened with waiting tasks"
    index('flow_proxies_unclosed_idx')
      .on(t.endAt)
      .where(sql`${t.closedAt} is null`),
    index('flow_proxies_unopened_idx')
      .on(t.startAt)
      .where(sql`${t.openedAt} is null and ${t.includeWaiting}`),
  ],
);
