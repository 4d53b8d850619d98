/*
 * Calendar arithmetic in Asia/Shanghai wall time. China has used UTC+8 without daylight saving since 1991, so a
 * fixed offset is exact for every date the product deals with, and it lets us count days as plain integers
 * ("day numbers": local days since 1970-01-01) instead of going through Intl for each occurrence.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const SHANGHAI_OFFSET = 8 * HOUR;

/** Local day number of an instant. */
export function dayNumber(ms: number): number {
  return Math.floor((ms + SHANGHAI_OFFSET) / DAY);
}

/** Instant of local midnight starting a day number. */
export function dayStart(day: number): number {
  return day * DAY - SHANGHAI_OFFSET;
}

/** Milliseconds since local midnight. */
export function timeOfDay(ms: number): number {
  return ms - dayStart(dayNumber(ms));
}

// Date-free conversions (H. Hinnant's civil calendar algorithms): expansion formats a key per occurrence, and
// going through Date objects for that was the biggest cost of a month view.
export function ymd(day: number): { year: number; month: number; date: number } {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, date: doy - Math.floor((153 * mp + 2) / 5) + 1 };
}

export function dayFromYmd(year: number, month: number, date: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + date - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

export function dateKey(day: number): string {
  const { year, month, date } = ymd(day);
  return `${year}-${pad2(month)}-${pad2(date)}`;
}

export function parseDateKey(key: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  const [year, month, date] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  if (!m || month < 1 || month > 12 || date < 1 || date > daysInMonth(year, month))
    throw new RangeError(`bad date ${key}`);
  return dayFromYmd(year, month, date);
}

/** ISO weekday of a day number: Monday = 1 … Sunday = 7 (day 0, 1970-01-01, was a Thursday). */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Wall-clock text 'YYYY-MM-DDTHH:mm' of an instant in Shanghai (for messages and iCalendar). */
export function localDateTime(ms: number): string {
  return new Date(ms + SHANGHAI_OFFSET).toISOString().slice(0, 16);
}
