import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { meetingInvitees, meetings } from '../../db/schema';
import type { MeetingFacts } from './policy';
import { calledOff, stored } from './meeting-status';

export type MeetingRow = typeof meetings.$inferSelect;

/** The meeting and what the policy needs to know about the caller; 404 when it does not exist. */
export async function loadMeeting(
  db: Db,
  meetingId: string,
  userId: string,
  forUpdate = false,
): Promise<{ meeting: MeetingRow; facts: MeetingFacts }> {
  const query = db.select().from(meetings).where(eq(meetings.id, meetingId));
  const [meeting] = forUpdate ? await query.for('update') : await query;
  if (!meeting) throw new AppError(404, '会议不存在');
  const [invitation] = await db
    .select({ response: meetingInvitees.response, signedInAt: meetingInvitees.signedInAt })
    .from(meetingInvitees)
    .where(and(eq(meetingInvitees.meetingId, meetingId), eq(meetingInvitees.userId, userId)));
  return {
    meeting,
    facts: factsOf(
      meeting,
      invitation ? { response: invitation.response, signedIn: invitation.signedInAt !== null } : null,
    ),
  };
}

export function factsOf(meeting: MeetingRow, invitation: MeetingFacts['invitation']): MeetingFacts {
  return {
    organizerId: meeting.organizerId,
    cancelled: calledOff.includes(meeting.status),
    pendingApproval: meeting.status === stored.pendingApproval,
    startAt: meeting.startAt.getTime(),
    endAt: meeting.endAt.getTime(),
    invitation,
  };
}
