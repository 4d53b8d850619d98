import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

// The org tree and the staff point at each other (an org's head is a user, a user sits in an org): one file holds
// both tables, so the schema has no import cycle.

/** Staff accounts. search_grams holds the 1- and 2-character grams of the real name (GIN indexed). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    realName: text('real_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    orgId: uuid('org_id')
      .notNull()
      .references((): AnyPgColumn => orgs.id),
    mobile: text('mobile'),
    email: text('email'),
    avatar: text('avatar'),
    gender: text('gender'),
    signImg: text('sign_img'),
    status: text('status').notNull().default('active'),
    // set for accounts created with an initial password (npm run org:import): login tells the client to change it first
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    // why grams and not pg_trgm: the common Chinese keyword is 1–2 characters, which a trigram index cannot serve
    searchGrams: text('search_grams').array().notNull().default([]),
    // 拼音 of the real name, full (zhangsan) and initials (zs), computed when the user is written: `zs` finds 张三
    pinyin: text('pinyin').notNull().default(''),
    pinyinInitials: text('pinyin_initials').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_idx').on(t.username),
    index('users_org_sort_idx').on(t.orgId, t.sort),
    // searches list people in display order with a limit: a broad match (`139…` finds everyone) walks this index and
    // stops after one page instead of sorting every matching row
    index('users_display_order_idx').on(t.sort, t.realName),
    // prefix search on user name and mobile (LIKE 'abc%' needs text_pattern_ops under a non-C collation)
    index('users_username_prefix_idx').on(t.username.op('text_pattern_ops')),
    index('users_mobile_prefix_idx').on(t.mobile.op('text_pattern_ops')),
    index('users_pinyin_prefix_idx').on(t.pinyin.op('text_pattern_ops')),
    index('users_pinyin_initials_prefix_idx').on(t.pinyinInitials.op('text_pattern_ops')),
    // fastupdate off: the table is read far more than written, and a pending list would make the planner skip it
    index('users_search_grams_idx').using('gin', t.searchGrams).with({ fastupdate: false }),
  ],
);

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
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => orgs.id, { onDelete: 'cascade' }),
  active: integer('active').notNull().default(0),
});
