/*
 * Working time in China Standard Time (UTC+8, no daylight saving): a day is a working day when the calendar says so
 * (holidays off, 调休 weekends on) and otherwise when it is Monday to Friday; within it only the working hours count.
 * Pure functions: the calendar is handed in, so the arithmetic is tested without a database.
 */

const OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/**
 * Working periods of a day in minutes after midnight, in order. The office day of the company, 09:00–12:00 and
 * 13:00–18:00, is the one rule of it: a different day is a change here, not a setting per process.
 */
export type WorkingHours = readonly (readonly [number, number])[];
export const DEFAULT_WORKING_HOURS: WorkingHours = [
  [9 * 60, 12 * 60],
  [13 * 60, 18 * 60],
];

/** The calendar's exceptions, by day ('2026-10-08' → false: a holiday; '2026-10-10' → true: a 调休 Saturday). */
export type CalendarExceptions = ReadonlyMap<string, boolean>;

/** The local (UTC+8) calendar day of a moment, as 'YYYY-MM-DD'. */
export function localDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

export function isWorkingDay(day: string, exceptions: CalendarExceptions): boolean {
  const listed = exceptions.get(day);
  if (listed !== undefined) return listed;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** Local midnight of `day` as a moment. */
const midnight = (day: string) => new Date(`${day}T00:00:00Z`).getTime() - OFFSET_MS;

/**
 * The moment `minutes` of working time after `start`. Starting outside working hours counts from the next working
 * period. Gives up (null) after `horizonDays` calendar days without enough working time: a calendar with no working
 * day ahead must not loop for ever.
 */
export function addWorkingMinutes(
  start: Date,
  minutes: number,
  exceptions: CalendarExceptions,
  hours: WorkingHours = DEFAULT_WORKING_HOURS,
  horizonDays = 800,
): Date | null {
  let left = minutes * MINUTE_MS;
  let day = localDay(start);
  for (let n = 0; n < horizonDays; n += 1) {
    if (isWorkingDay(day, exceptions)) {
      const base = midnight(day);
      for (const [from, to] of hours) {
        const periodStart = Math.max(base + from * MINUTE_MS, start.getTime());
        const periodEnd = base + to * MINUTE_MS;
        if (periodEnd <= periodStart) continue;
        if (periodEnd - periodStart >= left) return new Date(periodStart + left);
        left -= periodEnd - periodStart;
      }
    }
    day = new Date(midnight(day) + DAY_MS + OFFSET_MS).toISOString().slice(0, 10);
  }
  return null;
}
