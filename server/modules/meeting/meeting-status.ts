import type { MeetingStatus } from '@contract/meeting';

/** What meetings.status stores: the decisions only (the clock decides upcoming / ongoing / ended). */
export const stored = {
  scheduled: 'scheduled',
  cancelled: 'cancelled',
  /** a room that needs approval: the 会议室预约 process has not decided yet (the slot is held meanwhile) */
  pendingApproval: 'pending_approval',
  /** the 会议室预约 process was 驳回 (the slot is freed) */
  rejected: 'rejected',
} as const;

/** Stored states in which the meeting will not take place. */
export const calledOff: string[] = [stored.cancelled, stored.rejected];

/** Status follows the clock, so it is computed on read instead of stored and kept up to date by a job. */
export function meetingStatus(
  m: { cancelled: boolean; startAt: number; endAt: number; stored?: string },
  now: number,
): MeetingStatus {
  if (m.cancelled) return 'cancelled';
  if (m.stored === stored.rejected) return 'rejected';
  if (m.stored === stored.pendingApproval && now < m.endAt) return 'pendingApproval';
  if (now < m.startAt) return 'upcoming';
  return now < m.endAt ? 'ongoing' : 'ended';
}
