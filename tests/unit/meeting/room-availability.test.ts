import { describe, expect, it } from 'vitest';
import { meetingStatus } from '../../../server/modules/meeting/meeting-status';
import {
  clashMessage,
  findClash,
  freeSlots,
  overlaps,
  type RoomBooking,
} from '../../../server/modules/meeting/room-availability';
import { localDateTime } from '../../../server/lib/shanghai-time';

const sh = (wall: string) => Date.parse(`${wall}+08:00`);
const booking = (meetingId: string, subject: string, from: string, to: string): RoomBooking => ({
  meetingId,
  subject,
  startAt: sh(`2026-11-23T${from}:00`),
  endAt: sh(`2026-11-23T${to}:00`),
});
const slots = (list: { startAt: number; endAt: number }[]) =>
  list.map((s) => `${localDateTime(s.startAt).slice(11)}-${localDateTime(s.endAt).slice(11)}`);

describe('room availability', () => {
  const day = [
    booking('m2', '项目评审', '14:00', '15:30'),
    booking('m1', '周例会', '10:00', '11:00'),
    booking('m3', '面试', '15:00', '16:00'),
  ];

  it('treats intervals as half-open: back-to-back meetings do not clash', () => {
    expect(overlaps(day[1], booking('x', '', '11:00', '12:00'))).toBe(false);
    expect(overlaps(day[1], booking('x', '', '09:00', '10:00'))).toBe(false);
    expect(overlaps(day[1], booking('x', '', '10:59', '12:00'))).toBe(true);
    expect(overlaps(day[1], booking('x', '', '10:15', '10:45'))).toBe(true);
  });

  it('names the earliest clash in the 409 message, and ignores the meeting being edited', () => {
    const clash = findClash(day, booking('new', '', '10:30', '14:30'))!;
    expect(clash.meetingId).toBe('m1');
    expect(clashMessage(clash)).toBe('该会议室在 10:00–11:00 已被「周例会」预订');
    expect(findClash(day, booking('m1', '', '10:30', '11:00'), 'm1')).toBeNull();
    expect(findClash(day, booking('new', '', '11:00', '14:00'))).toBeNull();
  });

  it('writes dates in the message when the clash spans days, and 24:00 for a booking ending at midnight', () => {
    const late: RoomBooking = {
      meetingId: 'n',
      subject: '通宵值守',
      startAt: sh('2026-11-23T20:00:00'),
      endAt: sh('2026-11-24T08:00:00'),
    };
    expect(clashMessage(late)).toBe('该会议室在 11月23日 20:00–11月24日 08:00 已被「通宵值守」预订');
    expect(clashMessage({ ...late, endAt: sh('2026-11-24T00:00:00') })).toBe(
      '该会议室在 20:00–24:00 已被「通宵值守」预订',
    );
  });

  it('lists free slots within 08:00–20:00 Shanghai time, merging overlapping bookings', () => {
    expect(slots(freeSlots(day, '2026-11-23'))).toEqual(['08:00-10:00', '11:00-14:00', '16:00-20:00']);
    expect(slots(freeSlots([], '2026-11-23'))).toEqual(['08:00-20:00']);
    const edges = [booking('a', '', '07:00', '08:30'), booking('b', '', '19:30', '21:00')];
    expect(slots(freeSlots(edges, '2026-11-23', { open: '08:00', close: '20:00' }))).toEqual(['08:30-19:30']);
    expect(slots(freeSlots(day, '2026-11-23', { open: '09:00', close: '18:00' }, 150))).toEqual(['11:00-14:00']);
    expect(slots(freeSlots(day, '2026-11-24'))).toEqual(['08:00-20:00']);
  });

  it('derives the meeting status from the clock', () => {
    const m = { cancelled: false, startAt: sh('2026-11-23T10:00:00'), endAt: sh('2026-11-23T11:00:00') };
    expect(meetingStatus(m, m.startAt - 1)).toBe('upcoming');
    expect(meetingStatus(m, m.startAt)).toBe('ongoing');
    expect(meetingStatus(m, m.endAt)).toBe('ended');
    expect(meetingStatus({ ...m, cancelled: true }, m.startAt)).toBe('cancelled');
  });
});
