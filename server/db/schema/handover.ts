import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * 离职交接: one row per item an administrator moved from one person to another (a task, a draft or running request, a
 * meeting, a group), so who got what from whom, and who decided it, is on record.
 */
export const handoverRecords = pgTable(
  'handover_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id),
    /** task | request | meeting | group */
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    byUserId: uuid('by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('handover_records_from_idx').on(t.fromUserId, t.createdAt)],
);
