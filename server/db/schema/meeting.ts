import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RoomEquipment } from '@contract/meeting';
import { orgs, users } from './users';

/*
 * Meetings (会议) and their rooms. Room bookings are a table of their own so the database can refuse two that
 * overlap: the exclusion constraint (btree_gist, on PostgreSQL and PGlite alike) lives in the custom migration
 * next to this schema's generated one, since drizzle cannot declare it.
 */

export const meetingBuildings = pgTable('meeting_buildings', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const meetingRooms = pgTable(
  'meeting_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => meetingBuildings.id),
    name: text('name').notNull(),
    floor: text('floor').notNull().default(''),
    capacity: integer('capacity').notNull(),
    equipment: text('equipment').array().$type<RoomEquipment[]>().notNull().default([]),
    photoFileId: uuid('photo_file_id'),
    /** who approves bookings of a room that needs approval; none: the 行政 role (会议室预约 process) */
    managerId: uuid('manager_id').references(() => users.id),
    needsApproval: boolean('needs_approval').notNull().default(false),
    available: boolean('available').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('meeting_rooms_building_idx').on(t.buildingId, t.sort)],
);

/**
 * status holds only the stored decision (scheduled / cancelled, or pending_approval / rejected for a room that needs
 * approval); 进行中 and 已结束 follow from the clock.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    agenda: text('agenda').notNull().default(''),
    roomId: uuid('room_id').references(() => meetingRooms.id),
    onlineLink: text('online_link'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    organizerId: uuid('organizer_id')
      .notNull()
      .references(() => users.id),
    hostDeptId: uuid('host_dept_id').references(() => orgs.id),
    status: text('status').notNull().default('scheduled'),
    materialFileIds: uuid('material_file_ids').array().notNull().default([]),
    channels: text('channels').array().notNull().default(['app']),
    minutes: text('minutes'),
    /** secret of the rotating sign-in tokens; a new one voids every code handed out before */
    signInSecret: text('sign_in_secret').notNull(),
    /** the 会议室预约 process deciding this booking (only that instance's outcome confirms or releases it) */
    approvalInstanceId: uuid('approval_instance_id'),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('meetings_organizer_idx').on(t.organizerId, t.startAt),
    index('meetings_start_idx').on(t.startAt),
    // a download asks which meetings attach the file (materials follow the meeting)
    index('meetings_materials_idx').using('gin', t.materialFileIds),
  ],
);

export const meetingInvitees = pgTable(
  'meeting_invitees',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    response: text('response').notNull().default('pending'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** what the invitee gave with 拒绝 (optional); cleared when the answer changes */
    declineReason: text('decline_reason'),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }),
    signedInManually: boolean('signed_in_manually').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.userId] }),
    index('meeting_invitees_user_idx').on(t.userId, t.response),
  ],
);

/** One row per meeting holding a room; a cancelled meeting's row is deleted so the slot frees up. */
export const roomBookings = pgTable(
  'room_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => meetingRooms.id),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('room_bookings_meeting_idx').on(t.meetingId),
    index('room_bookings_room_idx').on(t.roomId, t.startAt),
  ],
);
