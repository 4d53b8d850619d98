import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { meetingInvitees, meetings } from '../../db/schema';
import { stored } from './meeting-status';

/** Invitations still to answer: pending, meeting confirmed (not cancelled, not awaiting approval) and not over. */
export async function invitationsToAnswer(db: Db, userId: string, now = new Date()): Promise<number> {
  const [row] = await db
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
  return toCount(row?.n);
}
