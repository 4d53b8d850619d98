import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { flowDefinitions, meetingInvitees, meetingRooms, meetings } from '../../db/schema';
import { resolveAssignees } from '../flow/assignees';
import { onInstanceFinished, type FinishedInstance } from '../flow/finish-hooks';
import { withdrawInstance } from '../flow/instance-service';
import type { Reminder } from '../flow/reminders';
import { startInstance } from '../flow/start-service';
import { recordMessage } from '../message/service';
import { IN_APP_ONLY } from '../delivery/channels';
import { localDateTime } from '../../lib/shanghai-time';
import { releaseRoom } from './booking';
import { MEETING_CHANNEL, notifyOnCommit } from './events';
import { stored } from './meeting-status';

/*
 * Rooms that need approval go through the workflow engine: booking one holds the slot and starts a 会议室预约
 * instance whose handler is the room's manager (or, without one, the 行政 role). The meeting is 待审批 until the
 * instance ends: 同意 confirms it and sends the invitations, 驳回 / 撤回 free the slot. Only the instance the
 * meeting recorded decides it, so starting the process by hand cannot confirm anybody's meeting.
 */

export const ROOM_FLOW_CODE = 'meeting-room';
/** the 行政 role: approves bookings of rooms without a manager of their own */
export const OFFICE_ROLE = 'office_admin';

type Room = typeof meetingRooms.$inferSelect;

async function approversOf(tx: Db, room: Room, organizerId: string): Promise<string[]> {
  if (room.managerId) {
    const manager = await resolveAssignees(tx, { type: 'users', userIds: [room.managerId] }, organizerId, []);
    if (manager.length) return manager;
  }
  return resolveAssignees(tx, { type: 'role', role: OFFICE_ROLE }, organizerId, []);
}

const period = (startAt: Date, endAt: Date) =>
  `${localDateTime(startAt.getTime())} 至 ${localDateTime(endAt.getTime())}`;

/** Starts the approval of the meeting's booking and marks the meeting 待审批; the approvers' 待办 reminder comes back. */
export async function requestRoomApproval(
  tx: Db,
  organizerId: string,
  meeting: { id: string; subject: string; startAt: Date; endAt: Date },
  room: Room,
): Promise<{ instanceId: string; approvers: string[]; reminder: Reminder | null }> {
  const [definition] = await tx
    .select({ id: flowDefinitions.id })
    .from(flowDefinitions)
    .where(and(eq(flowDefinitions.code, ROOM_FLOW_CODE), eq(flowDefinitions.enabled, true)));
  if (!definition) throw new AppError(409, '会议室预约审批流程未启用，请联系管理员');
  const approvers = (await approversOf(tx, room, organizerId)).filter((id) => id !== organizerId);
  if (!approvers.length) throw new AppError(409, '该会议室没有可用的审批人，请联系管理员');
  const started = await startInstance(
    tx,
    organizerId,
    {
      definitionId: definition.id,
      formData: {
        subject: meeting.subject,
        room: room.name,
        period: period(meeting.startAt, meeting.endAt),
        meetingId: meeting.id,
      },
      draft: false,
      chosenAssignees: approvers,
      channels: ['app'],
      attachments: [],
    },
    IN_APP_ONLY,
  );
  await tx
    .update(meetings)
    .set({ status: stored.pendingApproval, approvalInstanceId: started.id })
    .where(eq(meetings.id, meeting.id));
  return { instanceId: started.id, approvers, reminder: started.reminder };
}

/** Cancelling a meeting whose booking still waits withdraws the request (the approver's 待办 goes away); who was told comes back. */
export async function withdrawRoomApproval(
  tx: Db,
  meeting: { organizerId: string; status: string; approvalInstanceId: string | null },
): Promise<{ instanceId: string; notified: string[] } | null> {
  if (meeting.status !== stored.pendingApproval || !meeting.approvalInstanceId) return null;
  const withdrawn = await withdrawInstance(tx, meeting.organizerId, meeting.approvalInstanceId);
  return { instanceId: meeting.approvalInstanceId, notified: withdrawn.notified };
}

/** The instance's outcome, inside the transaction that ended it. */
async function settleBooking(tx: Db, { instanceId, status }: FinishedInstance): Promise<void> {
  const [meeting] = await tx
    .select()
    .from(meetings)
    .where(and(eq(meetings.approvalInstanceId, instanceId), eq(meetings.status, stored.pendingApproval)))
    .for('update');
  if (!meeting) return;
  const change = { meetingId: meeting.id, origin: null };
  if (status !== 'approved') {
    await tx
      .update(meetings)
      .set({ status: status === 'rejected' ? stored.rejected : stored.cancelled, updatedAt: new Date() })
      .where(eq(meetings.id, meeting.id));
    await releaseRoom(tx, meeting.id);
    await notifyOnCommit(tx, MEETING_CHANNEL, [meeting.organizerId], change);
    return;
  }
  await tx.update(meetings).set({ status: stored.scheduled, updatedAt: new Date() }).where(eq(meetings.id, meeting.id));
  // the invitations go out now that the meeting will take place (in the app: channels that call out are sent by routes)
  const invitees = (
    await tx
      .select({ userId: meetingInvitees.userId })
      .from(meetingInvitees)
      .where(eq(meetingInvitees.meetingId, meeting.id))
  ).map((r) => r.userId);
  await notifyOnCommit(tx, MEETING_CHANNEL, [meeting.organizerId, ...invitees], change);
  if (invitees.length) {
    await recordMessage(tx, IN_APP_ONLY, meeting.organizerId, {
      title: `会议邀请：${meeting.subject}`,
      content: `您受邀参加「${meeting.subject}」，时间 ${localDateTime(meeting.startAt.getTime())}`,
      receiverIds: invitees,
      channels: ['app'],
      link: `/meeting/info?id=${meeting.id}`,
    });
  }
}

onInstanceFinished(settleBooking);
