import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scheduleEvents, scheduleFeeds } from '../../db/schema';
import { enforce, viewRefusal } from './policy';
import { hashToken } from '../session/service';
import { calendarRows } from './read-service';
import { toIcs, type IcsEvent } from './ics';

type EventRow = typeof scheduleEvents.$inferSelect;
type IcsRow = Pick<
  EventRow,
  | 'id'
  | 'title'
  | 'startAt'
  | 'endAt'
  | 'allDay'
  | 'location'
  | 'notes'
  | 'updatedAt'
  | 'rule'
  | 'exdates'
  | 'overrides'
>;

// the same UID in the feed and in a one-event file, so a phone that has both keeps one event
const icsEventOf = (row: IcsRow, host: string): IcsEvent => ({
  uid: `${row.id}@${host}`,
  title: row.title,
  startAt: row.startAt.getTime(),
  endAt: row.endAt.getTime(),
  allDay: row.allDay,
  location: row.location,
  notes: row.notes,
  updatedAt: row.updatedAt.getTime(),
  rule: row.rule,
  exdates: row.exdates,
  overrides: row.overrides,
});

/** Everything on the user's calendar as iCalendar: events with their rules, and meetings they hold or accepted. */
export async function calendarIcs(db: Db, userId: string, host: string): Promise<string> {
  const { events, meetings } = await calendarRows(db, userId);
  const items: IcsEvent[] = events.map(({ row }) => icsEventOf(row, host));
  for (const m of meetings) {
    if (m.response !== 'accepted') continue;
    items.push({
      uid: `meeting-${m.id}@${host}`,
      title: m.subject,
      startAt: m.startAt,
      endAt: m.endAt,
      allDay: false,
      location: m.roomName ?? m.onlineLink ?? '',
      updatedAt: m.startAt,
    });
  }
  return toIcs(items);
}

/** One event (a series with its RRULE, exceptions and moved occurrences) as an .ics file, for whoever may read it. */
export async function eventIcs(
  db: Db,
  userId: string,
  id: string,
  host: string,
): Promise<{ title: string; ics: string }> {
  const [row] = await db.select().from(scheduleEvents).where(eq(scheduleEvents.id, id));
  enforce(viewRefusal(userId, row ?? null));
  return { title: row!.title, ics: toIcs([icsEventOf(row!, host)], row!.title) };
}

/** A new secret feed address for the user (the old one stops working). */
export async function renewFeedToken(tx: Db, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const kept = { tokenHash: hashToken(token), token, createdAt: new Date() };
  await tx
    .insert(scheduleFeeds)
    .values({ userId, ...kept })
    .onConflictDoUpdate({ target: scheduleFeeds.userId, set: kept });
  return token;
}

/** The user's current feed secret, null when they have none (or made it before secrets were kept). */
export async function currentFeedToken(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: scheduleFeeds.token })
    .from(scheduleFeeds)
    .where(eq(scheduleFeeds.userId, userId));
  return row?.token ?? null;
}

export async function feedOwner(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: scheduleFeeds.userId })
    .from(scheduleFeeds)
    .where(eq(scheduleFeeds.tokenHash, hashToken(token)));
  return row?.userId ?? null;
}
