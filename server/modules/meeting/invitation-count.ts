import { and, count, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { meetingInvitees, meetings } from '../../db/schema';

/** Invitations still to answer: pending, meeting not cancelled and not over (answering a past one is moot). */
export async function invitationsToAnswer(db: Db, userId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(meetingInvitees)
    .innerJoin(meetings, eq(meetings.id, meetingInvitees.meetingId))
    .where(and(eq(meetingInvitees.userId, userId), eq(meetingInvitees.response, 'pending'), ne(meetings.status, 'cancelled'), gt(meetings.endAt, now)));
  return toCount(row?.n);
}
