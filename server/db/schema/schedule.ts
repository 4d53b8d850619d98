import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ParticipantAnswer, RecurrenceRule } from '@contract/schedule';
import { users } from './users';

/** A moved or retitled occurrence (epoch ms), as server/modules/schedule/recurrence reads it. */
export interface StoredOverride {
  startAt: number;
  endAt: number;
  title?: string;
  location?: string;
  notes?: string;
}

/*
 * Schedule (日程) events. A series is an event with a rule: its first occurrence's times, the dates taken out
 * (exdates) and moved or retitled occurrences (overrides), both keyed by the occurrence's original Shanghai date.
 * "This and following" ends the old series (rule.until) and starts a new row, so no occurrence is stored twice.
 */
export const scheduleEvents = pgTable(
  'schedule_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
    location: text('location').notNull().default(''),
    notes: text('notes').notNull().default(''),
    reminderMinutes: integer('reminder_minutes'),
    color: text('color').notNull().default('#1989fa'),
    participantIds: uuid('participant_ids').array().notNull().default([]),
    /** participants' answers by user id (接受 / 拒绝); a participant missing here has not answered yet */
    responses: jsonb('responses').$type<Record<string, ParticipantAnswer>>().notNull().default({}),
    rule: jsonb('rule').$type<RecurrenceRule>(),
    exdates: text('exdates').array().notNull().default([]),
    overrides: jsonb('overrides').$type<Record<string, StoredOverride>>().notNull().default({}),
    /** last instant any occurrence may end (null: open-ended series), so a range query skips finished series */
    lastEndAt: timestamp('last_end_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedule_events_owner_idx').on(t.ownerId, t.startAt)],
);

/** The secret address a phone calendar polls for the user's .ics feed (only its hash is stored; a new one voids the old). */
export const scheduleFeeds = pgTable('schedule_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  /**
   * The address's secret itself, so 订阅 can show the same address again instead of breaking the one a phone
   * calendar holds. It only reads a calendar kept in this same database, so keeping it adds nothing a reader of
   * the database lacks; rows made before it was kept have none (the owner then makes a new address).
   */
  token: text('token'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
