import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CustomAccess, CustomField } from '@contract/custom';
import { files } from './files';
import { orgs, users } from './users';

/** A business model (车辆管理, 合同台账, …): its fields, list and search setup and access rules are data. */
export const customModels = pgTable(
  'custom_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    groupName: text('group_name').notNull(),
    icon: text('icon').notNull().default(''),
    description: text('description').notNull().default(''),
    fields: jsonb('fields').$type<CustomField[]>().notNull(),
    listColumns: jsonb('list_columns').$type<string[]>().notNull(),
    searchFields: jsonb('search_fields').$type<string[]>().notNull(),
    filterFields: jsonb('filter_fields').$type<string[]>().notNull(),
    access: jsonb('access').$type<CustomAccess>().notNull(),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('custom_models_code_idx').on(t.code)],
);

/**
 * A record of a model. `data` keeps every value ever stored (also of fields a later model version dropped), so a
 * model change never loses or breaks a record; `searchText` holds the search fields' text for the list keyword.
 */
export const customRecords = pgTable(
  'custom_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => customModels.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    title: text('title').notNull(),
    searchText: text('search_text').notNull().default(''),
    /** null for public submissions (招聘报名) */
    createdBy: uuid('created_by').references(() => users.id),
    orgId: uuid('org_id').references(() => orgs.id),
    /** the submitting address of a public submission, for the per-address rate limit */
    sourceAddress: text('source_address'),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('custom_records_model_idx').on(t.modelId, t.updatedAt),
    index('custom_records_source_idx').on(t.sourceAddress, t.createdAt),
  ],
);

/** Which files a record attaches: downloads follow the record's read rule (server/modules/files/attachment-owners.ts). */
export const customRecordFiles = pgTable(
  'custom_record_files',
  {
    recordId: uuid('record_id')
      .notNull()
      .references(() => customRecords.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.fileId] }), index('custom_record_files_file_idx').on(t.fileId)],
);
