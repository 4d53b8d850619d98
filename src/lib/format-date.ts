const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Spec §9 date formats; single letters (M, d, H, m, s) are not zero-padded. */
export type DatePattern =
  | 'yyyy-MM-dd'
  | 'yyyy-MM-dd HH:mm:ss'
  | 'yyyy-MM-dd HH:mm'
  | 'yyyyMMdd'
  | 'yyyyMMddHHmmss'
  | 'yyyy年MM月dd日'
  | 'yyyy年MM月dd日 HH:mm:ss'
  | 'yyyy年MM月dd日 HH:mm'
  | 'yyyy年M月d日'
  | 'yyyy年MM月'
  | 'yyyy年'
  | 'MM月dd日'
  | 'M月d日'
  | 'yyyy-MM'
  | 'HH:mm:ss'
  | 'HH:mm'
  | 'MM-dd'
  | 'MM-dd HH:mm';

export type DateInput = Date | string | number | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** A Date from a Date, epoch ms or text; null for empty or invalid input. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) date = new Date(value.getTime());
  else if (typeof value === 'number') date = new Date(value);
  else {
    const text = value.trim();
    const day = DATE_ONLY.exec(text);
    // a bare day is a calendar day where the user is, not UTC midnight (which is the previous day west of UTC)
    if (day) date = new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    // iOS Safari rejects "yyyy-MM-dd HH:mm:ss" (space instead of T)
    else date = new Date(/^\d{4}-\d{2}-\d{2} \d/.test(text) ? text.replace(' ', 'T') : text);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Spec §9 date formats, in the device's time zone; an empty or invalid value gives ''. */
export function formatDate(value: DateInput, pattern: DatePattern = 'yyyy-MM-dd'): string {
  const date = toDate(value);
  if (!date) return '';
  const parts: Record<string, string> = {
    yyyy: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    M: String(date.getMonth() + 1),
    dd: pad(date.getDate()),
    d: String(date.getDate()),
    HH: pad(date.getHours()),
    H: String(date.getHours()),
    mm: pad(date.getMinutes()),
    m: String(date.getMinutes()),
    ss: pad(date.getSeconds()),
    s: String(date.getSeconds()),
  };
  // longer tokens first, so MM is not read as two M
  return pattern.replace(/yyyy|MM|dd|HH|mm|ss|M|d|H|m|s/g, (token) => parts[token] ?? token);
}

const MINUTE = 60_000;

/** A short Chinese "how long ago" for lists: 刚刚, N分钟前, 今天 HH:mm, 昨天 HH:mm, MM-dd, yyyy-MM-dd. */
export function formatRelativeTime(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const diffMs = now.getTime() - date.getTime();
  // a server clock a little ahead of the device must not read as the future
  if (diffMs > -MINUTE && diffMs < MINUTE) return '刚刚';
  if (diffMs > 0 && diffMs < 60 * MINUTE) return `${Math.floor(diffMs / MINUTE)}分钟前`;
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const startOfYesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).getTime();
  const startOfTomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  const time = formatDate(date, 'HH:mm');
  if (date.getTime() >= startOfToday && date.getTime() < startOfTomorrow) return `今天 ${time}`;
  if (date.getTime() >= startOfYesterday && date.getTime() < startOfToday) return `昨天 ${time}`;
  return date.getFullYear() === now.getFullYear() ? formatDate(date, 'MM-dd') : formatDate(date, 'yyyy-MM-dd');
}
