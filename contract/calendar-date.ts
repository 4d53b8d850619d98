const isLeap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The years a date may fall in: the calendars, bookings and schedules of an office (and PostgreSQL has no year 0). */
export const CALENDAR_YEARS = { from: 1900, to: 2999 } as const;

/**
 * 'YYYY-MM-DD' naming a real calendar day within CALENDAR_YEARS: 2026-02-28 is one; 2026-02-30, 2026-13-45 and
 * 0000-01-01 are not. One rule for every module (meeting rooms, schedules), zod-free so the client may use it too.
 */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < CALENDAR_YEARS.from || y > CALENDAR_YEARS.to) return false;
  return mo >= 1 && mo <= 12 && d >= 1 && d <= (mo === 2 && isLeap(y) ? 29 : monthDays[mo - 1]!);
}
