import { and, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { meetingInvitees, meetings } from '../../db/schema';
import { stored } from './meeting-status';

/** Invitations still to answer: pending, meeting confirmed (not cancelled, not awaiting approval) and not over. */
export function invitationsToAnswerCount(db: Db, userId: string, now = new Date()): SQL<number> {
  const query = db
    .select({ n: count() })
    .from(meetingInvitees)
    .innerJoin(meetings, eq(meetings.id, meetingInvitees.meetingId))
    .where(
      and(
        eq(meetingInvitees.userId, userId),
        eq(meetingInvitees.response, 'pending'),
        eq(meetings.status, stored.scheduled),
        gt(meetings.endAt, now),
      ),
    );
  return sql<number>`(${query})`;
}

/** The same count, read on its own. */
export async function invitationsToAnswer(db: Db, userId: string, now = new Date()): Promise<number> {
  const [row] = await db.select({ n: invitationsToAnswerCount(db, userId, now) }).from(sql`(select 1) as one`);
  return toCount(row?.n);
}
