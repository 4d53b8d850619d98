import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/** Dictionary types (leave_type 请假类型, …) and their items. */
export const dictTypes = pgTable('dict_types', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const dictItems = pgTable(
  'dict_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    typeCode: text('type_code')
      .notNull()
      .references(() => dictTypes.code, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    value: text('value').notNull(),
    sort: integer('sort').notNull().default(0),
    cssClass: text('css_class'),
  },
  (t) => [index('dict_items_type_sort_idx').on(t.typeCode, t.sort)],
);

/** The single site-config row (id 1): the contract SiteConfig as JSON. */
export const sysConfig = pgTable('sys_config', {
  id: integer('id').primaryKey(),
  data: jsonb('data').notNull(),
});
