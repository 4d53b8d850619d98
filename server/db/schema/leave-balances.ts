import { numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * 假期余额: the days of one leave type (a leave_type dictionary value) a person still has. Set by administrators,
 * checked when a 请假 is submitted and used when it is approved. A type without a row is not counted for that person.
 */
export const leaveBalances = pgTable(
  'leave_balances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leaveType: text('leave_type').notNull(),
    /** half days count (请假天数 may be 0.5); negative only if an administrator lowered it below leave already approved */
    days: numeric('days', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.leaveType] })],
);
