import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { flowTasks } from './flow';
import { users } from './users';

/**
 * 同意 from a notification: the one-time action token a 待办 push carried authorises exactly "approve this task as
 * this person", without a session (the service worker has none). Only its sha256 is kept, like a receipt token's; it
 * is spent by the approval it made and is worth nothing once the task is no longer pending or past `expiresAt`.
 */
export const flowActionTokens = pgTable(
  'flow_action_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => flowTasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flow_action_tokens_task_idx').on(t.taskId), index('flow_action_tokens_expiry_idx').on(t.expiresAt)],
);
