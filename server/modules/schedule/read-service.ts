import { and, arrayContains, eq, gt, inArray, isNull, lt, notInArray, or } from 'drizzle-orm';
import type { ScheduleEvent } from '@contract/schedule';
import type { Db } from '../../db/client';
import { meetingInvitees, meetingRooms, meetings, scheduleEvents, users } from '../../db/schema';
import type { AcceptedMeeting, StoredEvent } from './calendar-range';
import { enforce, viewRefusal } from './policy';
import { presentEvent, responseOf } from './presenter';

/*
 * 日程 reads: one event's detail, and the rows a calendar range (month view, .ics feed) is expanded from. A user sees
 * their own events, events they take part in, and the meetings they organise or accepted.
 */

type EventRow = typeof scheduleEvents.$inferSelect;

const visibleTo = (userId: string) =>
  or(eq(scheduleEvents.ownerId, userId), arrayContains(scheduleEvents.participantIds, [userId]));

export async function eventDetail(db: Db, userId: string, id: string): Promise<ScheduleEvent> {
  const [row] = await db.select().from(scheduleEvents).where(eq(scheduleEvents.id, id));
  enforce(viewRefusal(userId, row ?? null));
  const people = [row!.ownerId, ...row!.participantIds];
  const named = await db.select({ id: users.id, name: users.realName }).from(users).where(inArray(users.id, people));
  return presentEvent(row!, userId, new Map(named.map((u) => [u.id, u.name])));
}

/** The columns a calendar shows (the month view and the .ics feed): no owner, participants, reminder or timestamps it never reads, each of which the driver would parse per row. */
const calendarColumns = {
  id: scheduleEvents.id,
  title: scheduleEvents.title,
  startAt: scheduleEvents.startAt,
  endAt: scheduleEvents.endAt,
  allDay: scheduleEvents.allDay,
  location: scheduleEvents.location,
  color: scheduleEvents.color,
  notes: scheduleEvents.notes,
  updatedAt: scheduleEvents.updatedAt,
  rule: scheduleEvents.rule,
  exdates: scheduleEvents.exdates,
  overrides: scheduleEvents.overrides,
  ownerId: scheduleEvents.ownerId,
  responses: scheduleEvents.responses,
};
type CalendarRow = Pick<EventRow, keyof typeof calendarColumns>;

/** The rows a range needs: events that may have an occurrence in it, and meetings the user holds or accepted. */
export async function calendarRows(
  db: Db,
  userId: string,
  from?: number,
  to?: number,
): Promise<{ events: (StoredEvent & { row: CalendarRow })[]; meetings: AcceptedMeeting[] }> {
  const inRange = from !== undefined && to !== undefined;
  const [eventRows, meetingRows] = await Promise.all([
    db
      .select(calendarColumns)
      .from(scheduleEvents)
      .where(
        and(
          visibleTo(userId),
          inRange ? lt(scheduleEvents.startAt, new Date(to)) : undefined,
          inRange ? or(isNull(scheduleEvents.lastEndAt), gt(scheduleEvents.lastEndAt, new Date(from))) : undefined,
        ),
      ),
    db
      .select({
        id: meetings.id,
        subject: meetings.subject,
        startAt: meetings.startAt,
        endAt: meetings.endAt,
        roomName: meetingRooms.name,
        onlineLink: meetings.onlineLink,
        organizerId: meetings.organizerId,
        response: meetingInvitees.response,
      })
      .from(meetings)
      .leftJoin(meetingInvitees, and(eq(meetingInvitees.meetingId, meetings.id), eq(meetingInvitees.userId, userId)))
      .leftJoin(meetingRooms, eq(meetingRooms.id, meetings.roomId))
      .where(
        and(
          notInArray(meetings.status, ['cancelled', 'rejected']),
          // an invitee's calendar shows a meeting once its room booking is approved (status scheduled)
          or(
            eq(meetings.organizerId, userId),
            and(eq(meetingInvitees.response, 'accepted'), eq(meetings.status, 'scheduled')),
          ),
          inRange ? lt(meetings.startAt, new Date(to)) : undefined,
          inRange ? gt(meetings.endAt, new Date(from)) : undefined,
        ),
      ),
  ]);
  return {
    events: eventRows.map((row) => ({
      row,
      id: row.id,
      title: row.title,
      startAt: row.startAt.getTime(),
      endAt: row.endAt.getTime(),
      allDay: row.allDay,
      location: row.location,
      color: row.color,
      myResponse: row.ownerId === userId ? null : responseOf(row.responses, userId),
      series: row.rule ? { rule: row.rule, exdates: row.exdates, overrides: row.overrides } : null,
    })),
    meetings: meetingRows.map((m) => ({
      id: m.id,
      subject: m.subject,
      startAt: m.startAt.getTime(),
      endAt: m.endAt.getTime(),
      roomName: m.roomName,
      onlineLink: m.onlineLink,
      response: m.organizerId === userId ? 'accepted' : ((m.response ?? 'pending') as AcceptedMeeting['response']),
      cancelled: false,
    })),
  };
}
