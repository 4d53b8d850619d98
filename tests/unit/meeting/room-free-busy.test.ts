import { describe, expect, it } from 'vitest';
import { freeMinutes, mergeBusy } from '../../../server/modules/meeting/room-availability';

const m = (clock: string, day = 0) => day * 1440 + Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

describe("a room's week as free/busy minutes", () => {
  it("reads the database's minute list and merges bookings that touch or overlap into one busy period, dropping empty ones", () => {
    const list = (...minutes: number[]) => minutes.join(',');
    expect(
      mergeBusy(
        list(
          m('09:00'),
          m('10:00'),
          m('10:00'),
          m('11:00'),
          m('10:30'),
          m('12:00'),
          m('14:00'),
          m('14:00'),
          m('15:00'),
          m('16:00'),
        ),
      ),
    ).toEqual([
      [m('09:00'), m('12:00')],
      [m('15:00'), m('16:00')],
    ]);
    expect(mergeBusy('')).toEqual([]);
    expect(mergeBusy('0,10080')).toEqual([[0, 10080]]);
  });

  it("lists each day's free periods inside 08:00–20:00 around the busy ones, including periods spanning midnight", () => {
    const busy: [number, number][] = [
      [m('19:00', 0), m('09:00', 1)], // an evening running into the next morning
      [m('08:00', 2), m('20:00', 2)], // a day booked from opening to close
      [m('07:00', 3), m('08:30', 3)],
    ];
    expect(freeMinutes(busy, 4)).toEqual([
      [m('08:00', 0), m('19:00', 0)],
      [m('09:00', 1), m('20:00', 1)],
      [m('08:30', 3), m('20:00', 3)],
    ]);
    expect(freeMinutes([], 2, { open: '09:00', close: '18:00' })).toEqual([
      [m('09:00', 0), m('18:00', 0)],
      [m('09:00', 1), m('18:00', 1)],
    ]);
  });
});
