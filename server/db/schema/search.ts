import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per searchable record (seq 0) and per file it attaches (seq 1…), kept by triggers on the modules' tables
 * (migration 0046_search): the text people see, its 拼音 keys and the 1–2 character grams of both (GIN indexed). Who
 * may open a row is not stored here: GET /api/search joins the module's own table and applies its visibility rule.
 */
export const searchEntries = pgTable(
  'search_entries',
  {
    module: text('module').notNull(),
    recordId: uuid('record_id').notNull(),
    seq: integer('seq').notNull().default(0),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** full 拼音 and initials of the title and names, full 拼音 of the body's start */
    keys: text('keys').notNull().default(''),
    grams: text('grams').array().notNull().default([]),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.module, t.recordId, t.seq] }),
    index('search_entries_grams_idx').using('gin', t.grams).with({ fastupdate: false }),
    // a group's newest matches read off this index, walking back until the page is full (migration 0048)
    index('search_entries_newest_idx')
      .on(t.module, t.at, t.recordId)
      .where(sql`${t.seq} = 0`),
    index('search_entries_files_idx')
      .on(t.at, t.recordId, t.seq)
      .where(sql`${t.seq} > 0`),
  ],
);

/** 拼音 of each common 汉字 (GB2312), so SQL can make the keys of a text (the writes' triggers run in the database). */
export const searchPinyinChars = pgTable('search_pinyin_chars', {
  ch: text('ch').primaryKey(),
  pinyin: text('pinyin').notNull(),
  initial: text('initial').notNull(),
});

/** The other readings of a polyphone (差: chai, ci besides cha), so a text is found by each of them (migration 0048). */
export const searchPinyinAlts = pgTable(
  'search_pinyin_alts',
  {
    ch: text('ch').notNull(),
    pinyin: text('pinyin').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ch, t.pinyin] })],
);
