import { users } from './users';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Uploaded files: the bytes live on disk under DATA_DIR/files/<aa>/<sha256>, shared by identical uploads. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sha256: text('sha256').notNull(),
    attachName: text('attach_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    /** null for a public upload (招聘报名's resume): readable only through the record attaching it */
    ownerId: uuid('owner_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_sha256_idx').on(t.sha256), index('files_owner_idx').on(t.ownerId, t.createdAt)],
);
