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

export function dateKey(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

export function parseDateKey(key: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(key)) throw new RangeError(`bad date ${key}`);
  const ms = Date.parse(`${key}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== key) throw new RangeError(`bad date ${key}`);
  return ms / DAY;
}

/** ISO weekday of a day number: Monday = 1 … Sunday = 7 (day 0, 1970-01-01, was a Thursday). */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

export function ymd(day: number): { year: number; month: number; date: number } {
  const d = new Date(day * DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, date: d.getUTCDate() };
}

export function dayFromYmd(year: number, month: number, date: number): number {
  return Date.UTC(year, month - 1, date) / DAY;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Wall-clock text 'YYYY-MM-DDTHH:mm' of an instant in Shanghai (for messages and iCalendar). */
export function localDateTime(ms: number): string {
  return new Date(ms + SHANGHAI_OFFSET).toISOString().slice(0, 16);
}

/** 'HH:mm' in Shanghai. */
export function localClock(ms: number): string {
  return localDateTime(ms).slice(11);
}
