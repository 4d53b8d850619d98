import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MeetingDetail, MeetingListKind, MeetingListRow } from '@contract/meeting';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { files, meetingInvitees, meetingRooms, meetings, orgs, users } from '../../db/schema';
import { likePattern } from '../../lib/validate';
import type { Principal } from '../session/service';
import { loadMeeting } from './meeting-facts';
import { enforce, viewRefusal } from './policy';
import { presentDetail, presentListRow } from './presenter';
import { signInWindowOpen } from './sign-in-service';
import { calledOff, stored } from './meeting-status';

const organizer = alias(users, 'organizer');
const mine = alias(meetingInvitees, 'mine');

/** Which meetings a list holds, relative to now. */
function listWhere(kind: MeetingListKind, now: Date): SQL {
  switch (kind) {
    case 'invitations':
      return and(eq(mine.response, 'pending'), eq(meetings.status, stored.scheduled), gt(meetings.endAt, now))!;
    case 'upcoming':
      return and(notInArray(meetings.status, calledOff), gt(meetings.startAt, now))!;
    case 'ongoing':
      return and(notInArray(meetings.status, calledOff), lte(meetings.startAt, now), gt(meetings.endAt, now))!;
    case 'past':
      return or(inArray(meetings.status, calledOff), lte(meetings.endAt, now))!;
  }
}

/**
 * One page of the caller's meetings (organised or invited to, declined ones only among the past). Invitees see a
 * meeting once its room booking is approved; until then it is the organiser's alone.
 */
export async function listMeetings(
  db: Db,
  userId: string,
  kind: MeetingListKind,
  q: { pageNum: number; pageSize: number; keyword?: string },
  now = new Date(),
) {
  const invited = and(isNotNull(mine.userId), ne(meetings.status, stored.pendingApproval));
  const involved =
    kind === 'past'
      ? or(eq(meetings.organizerId, userId), invited)
      : or(eq(meetings.organizerId, userId), and(invited, ne(mine.response, 'declined')));
  const where = and(
    involved,
    listWhere(kind, now),
    q.keyword ? ilike(meetings.subject, likePattern(q.keyword)) : undefined,
  );
  const from = () =>
    db
      .select({
        id: meetings.id,
        subject: meetings.subject,
        startAt: meetings.startAt,
        endAt: meetings.endAt,
        status: meetings.status,
        roomName: meetingRooms.name,
        onlineLink: meetings.onlineLink,
        organizerId: meetings.organizerId,
        organizerName: organizer.realName,
        myResponse: mine.response,
      })
      .from(meetings)
      .leftJoin(mine, and(eq(mine.meetingId, meetings.id), eq(mine.userId, userId)))
      .leftJoin(meetingRooms, eq(meetingRooms.id, meetings.roomId))
      .innerJoin(organizer, eq(organizer.id, meetings.organizerId));
  const order =
    kind === 'past' ? [desc(meetings.startAt), desc(meetings.id)] : [asc(meetings.startAt), asc(meetings.id)];
  const [rows, [total]] = await Promise.all([
    from()
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(meetings)
      .leftJoin(mine, and(eq(mine.meetingId, meetings.id), eq(mine.userId, userId)))
      .where(where),
  ]);
  return {
    rows: rows.map((r) => presentListRow(r, userId, now.getTime())) as MeetingListRow[],
    total: toCount(total?.n),
  };
}

/** The detail page; 404 for someone neither organising nor invited (as for a meeting that does not exist). */
export async function meetingDetail(
  db: Db,
  user: Principal,
  meetingId: string,
  now = Date.now(),
): Promise<MeetingDetail> {
  const { meeting, facts } = await loadMeeting(db, meetingId, user.id);
  enforce(viewRefusal(user, facts));
  const nameOf = async <T>(query: Promise<{ name: T }[]>) => (await query)[0]?.name ?? null;
  const [organizerName, roomName, hostDeptName, participants, materials] = await Promise.all([
    nameOf(db.select({ name: users.realName }).from(users).where(eq(users.id, meeting.organizerId))),
    meeting.roomId
      ? nameOf(db.select({ name: meetingRooms.name }).from(meetingRooms).where(eq(meetingRooms.id, meeting.roomId)))
      : null,
    meeting.hostDeptId
      ? nameOf(db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, meeting.hostDeptId)))
      : null,
    db
      .select({
        userId: meetingInvitees.userId,
        name: users.realName,
        orgName: orgs.name,
        response: meetingInvitees.response,
        declineReason: meetingInvitees.declineReason,
        signedInAt: meetingInvitees.signedInAt,
        signedInManually: meetingInvitees.signedInManually,
      })
      .from(meetingInvitees)
      .innerJoin(users, eq(users.id, meetingInvitees.userId))
      .leftJoin(orgs, eq(orgs.id, users.orgId))
      .where(eq(meetingInvitees.meetingId, meetingId))
      .orderBy(asc(users.sort)),
    meeting.materialFileIds.length
      ? db
          .select({ id: files.id, fileName: files.attachName, size: files.size, mimeType: files.mime })
          .from(files)
          .where(inArray(files.id, meeting.materialFileIds))
      : Promise.resolve([]),
  ]);
  return presentDetail({
    meeting,
    user,
    facts,
    roomName,
    organizerName: organizerName ?? '',
    hostDeptName,
    participants: participants.map((p) => ({
      ...p,
      orgName: p.orgName ?? '',
      response: p.response as MeetingDetail['participants'][number]['response'],
      // a reason is said to the organiser, not to the other invitees
      declineReason: user.id === meeting.organizerId || user.id === p.userId ? p.declineReason : null,
      signedInAt: p.signedInAt?.toISOString() ?? null,
    })),
    materials,
    now,
    signInOpen: signInWindowOpen(meeting, now),
  });
}
