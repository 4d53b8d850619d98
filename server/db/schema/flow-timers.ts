import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { flowTasks } from './flow';

/**
 * The work calendar's exceptions to "Monday to Friday work, weekends rest": public holidays (working = false) and the
 * 调休 days that are worked although they fall on a weekend (working = true). Kept as data so an administrator can
 * add next year's official calendar; the current year's is seeded by a migration.
 */
export const workCalendarDays = pgTable('work_calendar_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  working: boolean('working').notNull(),
  /** 春节, 国庆节调休上班, … */
  name: text('name').notNull().default(''),
});

/**
 * A node's time limits as rows: remind, escalate and expire, each due at a moment computed when the task was opened.
 * The timer worker (server/modules/flow/timer-worker.ts) fires a due row inside the transaction that claims it (FOR
 * UPDATE SKIP LOCKED), so across processes, restarts and kill -9 each fires exactly once.
 */
export const flowTaskTimers = pgTable(
  'flow_task_timers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => flowTasks.id, { onDelete: 'cascade' }),
    /** remind | escalate | expire */
    kind: text('kind').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** pending | fired | skipped (the task was handled before it was due) */
    status: text('status').notNull().default('pending'),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    /** what firing did or why it did nothing, for the record */
    outcome: text('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flow_task_timers_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    index('flow_task_timers_task_idx').on(t.taskId, t.kind),
  ],
);
