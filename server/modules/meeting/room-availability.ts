import { dayNumber, dayStart, localDateTime, parseDateKey } from '../../lib/shanghai-time';

/*
 * Room time arithmetic, pure so the booking service, the room page and the benchmark share it. Intervals are
 * half-open [start, end): a meeting ending at 10:00 and one starting at 10:00 do not clash, exactly like the
 * database's tstzrange '[)' exclusion constraint, which stays the real guard against parallel bookings.
 */

export interface Interval {
  startAt: number;
  endAt: number;
}

export interface RoomBooking extends Interval {
  meetingId: string;
  subject: string;
}

export interface WorkingHours {
  open: string; // 'HH:mm' Shanghai
  close: string;
}

export const defaultWorkingHours: WorkingHours = { open: '08:00', close: '20:00' };

export function overlaps(a: Interval, b: Interval): boolean {
  return a.startAt < b.endAt && b.startAt < a.endAt;
}

/** The earliest booking the candidate would clash with (the meeting being edited itself excluded), or null. */
export function findClash(
  bookings: readonly RoomBooking[],
  candidate: Interval,
  ignoreMeetingId?: string,
): RoomBooking | null {
  let clash: RoomBooking | null = null;
  for (const b of bookings) {
    if (b.meetingId === ignoreMeetingId || !overlaps(b, candidate)) continue;
    if (!clash || b.startAt < clash.startAt) clash = b;
  }
  return clash;
}

/** The 409 text naming the clash, e.g. 该会议室在 10:00–11:00 已被「周例会」预订. */
export function clashMessage(clash: RoomBooking): string {
  const start = localDateTime(clash.startAt);
  const end = localDateTime(clash.endAt);
  const nextMidnight = clash.endAt === dayStart(dayNumber(clash.startAt) + 1);
  let span = `${monthDay(start)} ${start.slice(11)}–${monthDay(end)} ${end.slice(11)}`;
  if (end.slice(0, 10) === start.slice(0, 10)) span = `${start.slice(11)}–${end.slice(11)}`;
  else if (nextMidnight) span = `${start.slice(11)}–24:00`;
  return `该会议室在 ${span} 已被「${clash.subject}」预订`;
}

function monthDay(local: string): string {
  return `${Number(local.slice(5, 7))}月${Number(local.slice(8, 10))}日`;
}

function clockToMs(clock: string): number {
  const m = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(clock);
  if (!m) throw new RangeError(`bad clock ${clock}`);
  return (Number(m[1]) * 60 + Number(m[2])) * 60_000;
}

/**
 * Free periods of a room on a Shanghai day inside working hours, at least `minMinutes` long. Bookings may come
 * unsorted and overlapping (e.g. pending approvals shown alongside confirmed ones).
 */
export function freeSlots(
  bookings: readonly Interval[],
  date: string,
  hours = defaultWorkingHours,
  minMinutes = 1,
): Interval[] {
  const base = dayStart(parseDateKey(date));
  const open = base + clockToMs(hours.open);
  const close = base + clockToMs(hours.close);
  const busy = bookings.filter((b) => b.startAt < close && b.endAt > open).sort((a, b) => a.startAt - b.startAt);
  const free: Interval[] = [];
  let cursor = open;
  for (const b of busy) {
    if (b.startAt > cursor) free.push({ startAt: cursor, endAt: Math.min(b.startAt, close) });
    cursor = Math.max(cursor, b.endAt);
    if (cursor >= close) break;
  }
  if (cursor < close) free.push({ startAt: cursor, endAt: close });
  return free.filter((f) => f.endAt - f.startAt >= minMinutes * 60_000);
}

/** Minutes of a day, 0–1440, of a working-hours clock like '08:00'. */
export function clockMinutes(clock: string): number {
  return clockToMs(clock) / 60_000;
}

/**
 * Bookings as the database hands them over — 'start,end,start,end…' in minutes, sorted by start — as [start, end)
 * pairs merged where they touch or overlap (back-to-back meetings make one busy period). Read digit by digit: a
 * week of 200 rooms is some 8,000 numbers, and splitting them into strings first cost more than the query.
 */
export function mergeBusy(periods: string): [number, number][] {
  const busy: [number, number][] = [];
  let value = 0;
  let start = -1;
  const take = (n: number) => {
    if (start < 0) {
      start = n;
      return;
    }
    const end = n;
    const last = busy[busy.length - 1];
    if (end <= start) {
      /* empty: nothing booked */
    } else if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else busy.push([start, end]);
    start = -1;
  };
  for (let i = 0; i < periods.length; i += 1) {
    const c = periods.charCodeAt(i);
    if (c === 44) {
      take(value);
      value = 0;
    } else value = value * 10 + (c - 48);
  }
  if (periods.length) take(value);
  return busy;
}

/** Free [start, end) minute pairs inside each day's working hours, for `days` days from minute 0, around merged busy periods. */
export function freeMinutes(
  busy: readonly [number, number][],
  days: number,
  hours = defaultWorkingHours,
): [number, number][] {
  const open = clockMinutes(hours.open);
  const close = clockMinutes(hours.close);
  const free: [number, number][] = [];
  let next = 0; // busy periods are sorted and merged: each day resumes where the previous one stopped looking
  for (let day = 0; day < days; day += 1) {
    const dayOpen = day * 1440 + open;
    const dayClose = day * 1440 + close;
    while (next < busy.length && busy[next]![1] <= dayOpen) next += 1;
    let cursor = dayOpen;
    for (let i = next; i < busy.length && busy[i]![0] < dayClose; i += 1) {
      const [start, end] = busy[i]!;
      if (start > cursor) free.push([cursor, start]);
      cursor = Math.max(cursor, end);
      if (cursor >= dayClose) break;
    }
    if (cursor < dayClose) free.push([cursor, dayClose]);
  }
  return free;
}
