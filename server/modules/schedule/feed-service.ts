import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scheduleFeeds } from '../../db/schema';
import { hashToken } from '../session/service';
import { calendarRows } from './read-service';
import { toIcs, type IcsEvent } from './ics';

/** Everything on the user's calendar as iCalendar: events with their rules, and meetings they hold or accepted. */
export async function calendarIcs(db: Db, userId: string, host: string): Promise<string> {
  const { events, meetings } = await calendarRows(db, userId);
  const items: IcsEvent[] = events.map(({ row }) => ({
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
  }));
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

/** A new secret feed address for the user (the old one stops working). */
export async function renewFeedToken(tx: Db, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await tx
    .insert(scheduleFeeds)
    .values({ userId, tokenHash: hashToken(token) })
    .onConflictDoUpdate({ target: scheduleFeeds.userId, set: { tokenHash: hashToken(token), createdAt: new Date() } });
  return token;
}

export async function feedOwner(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: scheduleFeeds.userId })
    .from(scheduleFeeds)
    .where(eq(scheduleFeeds.tokenHash, hashToken(token)));
  return row?.userId ?? null;
}
