import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MeetingBody } from '@contract/meeting';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/validate';
import { meetingInvitees, meetings, orgs, users } from '../../db/schema';
import { attachRefusal } from '../files/policy';
import { recordMessage } from '../message/service';
import { IN_APP_ONLY, type ConfiguredChannels } from '../delivery/channels';
import type { Principal } from '../session/service';
import { localDateTime } from '../../lib/shanghai-time';
import { bookableRoom, bookRoom, releaseRoom } from './booking';
import { loadMeeting } from './meeting-facts';
import { stored } from './meeting-status';
import { enforce, editRefusal, manageRefusal, minutesRefusal, respondRefusal } from './policy';
import { requestRoomApproval, withdrawRoomApproval } from './room-approval';

/** A reminder recorded in the transaction; the route dispatches it after the commit. */
export interface MeetingReminder {
  id: string;
  title: string;
  receiverIds: string[];
  channels: MeetingBody['channels'];
}

export interface MeetingWritten {
  id: string;
  /** people whose lists changed (for live events) */
  notified: string[];
  reminder: MeetingReminder | null;
  /** a room that needs approval: the 会议室预约 instance started, its approvers and their 待办 reminder */
  approval?: { instanceId: string; approvers: string[]; reminder: MeetingReminder | null };
  /** a cancelled booking's 会议室预约 withdrawn: the instance and the handlers whose 待办 went away */
  withdrawn?: { instanceId: string; notified: string[] } | null;
}

const when = (at: Date) => localDateTime(at.getTime());

/** Invitees and host department must exist; the organiser is never their own invitee. */
async function checkPeople(tx: Db, organizerId: string, body: MeetingBody): Promise<string[]> {
  const invitees = [...new Set(body.inviteeIds.map((id) => id.toLowerCase()))].filter((id) => id !== organizerId);
  if (!invitees.every(isUuid)) throw new AppError(400, '参会人员不存在');
  if (invitees.length) {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, invitees), eq(users.status, 'active')));
    if (found.length !== invitees.length) throw new AppError(400, '参会人员不存在');
  }
  if (!isUuid(body.hostDeptId)) throw new AppError(400, '主办部门不存在');
  const [dept] = await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.id, body.hostDeptId.toLowerCase()));
  if (!dept) throw new AppError(400, '主办部门不存在');
  return invitees;
}

async function remind(
  tx: Db,
  configured: ConfiguredChannels,
  actorId: string,
  receiverIds: string[],
  channels: MeetingBody['channels'],
  title: string,
  content: string,
  meetingId: string,
) {
  const to = receiverIds.filter((id) => id !== actorId);
  if (!to.length || !channels.length) return null;
  const m = await recordMessage(tx, configured, actorId, {
    title,
    content,
    receiverIds: to,
    channels,
    link: `/meeting/info?id=${meetingId}`,
  });
  return { id: m.id, title: m.title, receiverIds: m.receiverIds, channels: m.channels };
}

function fields(body: MeetingBody) {
  return {
    subject: body.subject,
    agenda: body.agenda,
    roomId: body.roomId ? body.roomId.toLowerCase() : null,
    onlineLink: body.onlineLink,
    startAt: new Date(body.startAt),
    endAt: new Date(body.endAt),
    hostDeptId: body.hostDeptId.toLowerCase(),
    materialFileIds: [...new Set(body.materialFileIds.map((id) => id.toLowerCase()))],
    channels: [...new Set(body.channels)],
  };
}

async function checkRoomAndFiles(tx: Db, user: Principal, values: ReturnType<typeof fields>) {
  enforce(await attachRefusal(tx, user, values.materialFileIds));
  if (!values.roomId) return null;
  if (!isUuid(values.roomId)) throw new AppError(400, '会议室不存在');
  return bookableRoom(tx, values.roomId);
}

/** 预订会议: the meeting, its invitees (all pending), the room booking and the invitation reminder. */
export async function createMeeting(
  tx: Db,
  user: Principal,
  body: MeetingBody,
  configured: ConfiguredChannels,
  now = Date.now(),
): Promise<MeetingWritten> {
  const values = fields(body);
  if (values.endAt.getTime() <= now) throw new AppError(400, '会议结束时间已过，请重新选择时间');
  const invitees = await checkPeople(tx, user.id, body);
  const room = await checkRoomAndFiles(tx, user, values);
  const [meeting] = await tx
    .insert(meetings)
    .values({ ...values, organizerId: user.id, signInSecret: randomBytes(32).toString('base64url') })
    .returning({ id: meetings.id });
  if (invitees.length)
    await tx.insert(meetingInvitees).values(invitees.map((userId) => ({ meetingId: meeting!.id, userId })));
  if (values.roomId) await bookRoom(tx, meeting!.id, values.roomId, values.startAt, values.endAt);
  // the slot is held while the room's approver decides; the invitations wait for the 同意
  if (room?.needsApproval)
    return {
      id: meeting!.id,
      notified: [],
      reminder: null,
      approval: await requestRoomApproval(tx, user.id, { id: meeting!.id, ...values }, room),
    };
  const reminder = await remind(
    tx,
    configured,
    user.id,
    invitees,
    values.channels,
    `会议邀请：${values.subject}`,
    `${user.realName}邀请您参加「${values.subject}」，时间 ${when(values.startAt)}`,
    meeting!.id,
  );
  return { id: meeting!.id, notified: invitees, reminder };
}

/**
 * 修改会议: the full body again. Invitees who stay keep their answer unless the time moved (then they are asked
 * again); new ones are pending, removed ones are told too. The room is re-booked under the same guard.
 */
export async function updateMeeting(
  tx: Db,
  user: Principal,
  meetingId: string,
  body: MeetingBody,
  configured: ConfiguredChannels,
  now = Date.now(),
): Promise<MeetingWritten> {
  const { meeting, facts } = await loadMeeting(tx, meetingId, user.id, true);
  enforce(editRefusal(user, facts, now));
  const values = fields(body);
  const invitees = await checkPeople(tx, meeting.organizerId, body);
  const room = await checkRoomAndFiles(tx, user, values);
  const timeMoved =
    values.startAt.getTime() !== meeting.startAt.getTime() || values.endAt.getTime() !== meeting.endAt.getTime();
  await tx
    .update(meetings)
    .set({ ...values, version: sql`${meetings.version} + 1`, updatedAt: new Date() })
    .where(eq(meetings.id, meetingId));
  const before = (
    await tx
      .select({ userId: meetingInvitees.userId })
      .from(meetingInvitees)
      .where(eq(meetingInvitees.meetingId, meetingId))
  ).map((r) => r.userId);
  const removed = before.filter((id) => !invitees.includes(id));
  if (removed.length)
    await tx
      .delete(meetingInvitees)
      .where(and(eq(meetingInvitees.meetingId, meetingId), inArray(meetingInvitees.userId, removed)));
  const added = invitees.filter((id) => !before.includes(id));
  if (added.length) await tx.insert(meetingInvitees).values(added.map((userId) => ({ meetingId, userId })));
  if (timeMoved && invitees.length) {
    await tx
      .update(meetingInvitees)
      .set({ response: 'pending', respondedAt: null, declineReason: null })
      .where(eq(meetingInvitees.meetingId, meetingId));
  }
  if (values.roomId) await bookRoom(tx, meetingId, values.roomId, values.startAt, values.endAt);
  else await releaseRoom(tx, meetingId);
  // moving into a room that needs approval (or to another time in it) asks its approver again
  if (room?.needsApproval && (timeMoved || values.roomId !== meeting.roomId)) {
    const approval = await requestRoomApproval(tx, meeting.organizerId, { id: meetingId, ...values }, room);
    return { id: meetingId, notified: [...new Set([...invitees, ...removed])], reminder: null, approval };
  }
  const everyone = [...new Set([...invitees, ...removed])];
  const reminder = await remind(
    tx,
    configured,
    user.id,
    everyone,
    values.channels,
    `会议变更：${values.subject}`,
    `「${values.subject}」已变更，时间 ${when(values.startAt)}`,
    meetingId,
  );
  return { id: meetingId, notified: everyone, reminder };
}

/** 取消会议: frees the room and tells every invitee. */
export async function cancelMeeting(
  tx: Db,
  user: Principal,
  meetingId: string,
  reason: string,
  configured: ConfiguredChannels,
  now = Date.now(),
): Promise<MeetingWritten> {
  const { meeting, facts } = await loadMeeting(tx, meetingId, user.id, true);
  enforce(manageRefusal(user, facts, now));
  const withdrawn = await withdrawRoomApproval(tx, meeting);
  await tx
    .update(meetings)
    .set({ status: stored.cancelled, version: sql`${meetings.version} + 1`, updatedAt: new Date() })
    .where(eq(meetings.id, meetingId));
  await releaseRoom(tx, meetingId);
  // invitees of a booking still awaiting approval were never invited: nothing to call off for them
  const invited =
    meeting.status === stored.pendingApproval
      ? []
      : await tx
          .select({ userId: meetingInvitees.userId })
          .from(meetingInvitees)
          .where(eq(meetingInvitees.meetingId, meetingId));
  const invitees = invited.map((r) => r.userId);
  const content = `「${meeting.subject}」（${when(meeting.startAt)}）已取消${reason ? `，原因：${reason}` : ''}`;
  const reminder = await remind(
    tx,
    configured,
    user.id,
    invitees,
    meeting.channels as MeetingBody['channels'],
    `会议取消：${meeting.subject}`,
    content,
    meetingId,
  );
  return { id: meetingId, notified: invitees, reminder, withdrawn };
}

/** 接受 / 拒绝 the invitation; the organiser hears of a refusal in the app. */
export async function respondToMeeting(
  tx: Db,
  user: Principal,
  meetingId: string,
  answer: { response: 'accepted' | 'declined'; reason?: string },
  now = Date.now(),
): Promise<MeetingWritten> {
  const { response } = answer;
  const { meeting, facts } = await loadMeeting(tx, meetingId, user.id);
  enforce(respondRefusal(user, facts, now));
  const reason = response === 'declined' && answer.reason ? answer.reason : null;
  await tx
    .update(meetingInvitees)
    .set({ response, respondedAt: new Date(now), declineReason: reason })
    .where(and(eq(meetingInvitees.meetingId, meetingId), eq(meetingInvitees.userId, user.id)));
  const reminder =
    response === 'declined'
      ? await remind(
          tx,
          IN_APP_ONLY,
          user.id,
          [meeting.organizerId],
          ['app'],
          `会议回复：${meeting.subject}`,
          `${user.realName}拒绝了「${meeting.subject}」的邀请${reason ? `，原因：${reason}` : ''}`,
          meetingId,
        )
      : null;
  return { id: meetingId, notified: [meeting.organizerId], reminder };
}

/** 会议纪要 (replaces earlier minutes); invitees can read them on the detail page. */
export async function saveMinutes(
  tx: Db,
  user: Principal,
  meetingId: string,
  minutes: string,
  now = Date.now(),
): Promise<MeetingWritten> {
  const { facts } = await loadMeeting(tx, meetingId, user.id, true);
  enforce(minutesRefusal(user, facts, now));
  await tx
    .update(meetings)
    .set({ minutes, version: sql`${meetings.version} + 1`, updatedAt: new Date() })
    .where(eq(meetings.id, meetingId));
  return { id: meetingId, notified: [], reminder: null };
}
