import type { MeetingStatus } from '@contract/meeting';

/** Status follows the clock, so it is computed on read instead of stored and kept up to date by a job. */
export function meetingStatus(m: { cancelled: boolean; startAt: number; endAt: number }, now: number): MeetingStatus {
  if (m.cancelled) return 'cancelled';
  if (now < m.startAt) return 'upcoming';
  return now < m.endAt ? 'ongoing' : 'ended';
}
