import { users } from './users';
import { index, integer, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Organisation tree: group company → companies / head office → departments. */
export const orgs = pgTable(
  'orgs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id').references((): AnyPgColumn => orgs.id),
    name: text('name').notNull(),
    /** 'group' | 'company' | 'dept': the permission-filtered selector scopes non-admins to their company */
    type: text('type').notNull().default('dept'),
    /** materialised path of ids, '/<root>/<child>/…/<self>/': subtree queries are one indexed prefix match */
    path: text('path').notNull(),
    sort: integer('sort').notNull().default(0),
    /** the department head (部门负责人) */
    leaderUserId: uuid('leader_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orgs_parent_sort_idx').on(t.parentId, t.sort),
    index('orgs_path_idx').on(t.path.op('text_pattern_ops')),
  ],
);

/**
 * Active users per org, kept by statement triggers on users (migration 0025), as flow_todo_counts is: the org
 * selector shows how many people sit below each org it lists, and counting them per call read every user.
 */
export const orgUserCounts = pgTable('org_user_counts', {
  orgId: uuid('org_id').primaryKey().references(() => orgs.id, { onDelete: 'cascade' }),
  active: integer('active').notNull().default(0),
});
