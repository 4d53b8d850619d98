const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Spec §9: B, KB, MB, GB thresholds (1024 based), up to two decimals. */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '0B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(value) : String(Number(value.toFixed(2)));
  return `${text}${SIZE_UNITS[unit]}`;
}

export type DatePattern =
  | 'yyyy-MM-dd'
  | 'yyyy-MM-dd HH:mm:ss'
  | 'yyyy-MM-dd HH:mm'
  | 'yyyyMMdd'
  | 'yyyy年MM月dd日'
  | 'yyyy年MM月dd日 HH:mm:ss'
  | 'yyyy年MM月'
  | 'MM月dd日'
  | 'yyyy-MM'
  | 'HH:mm'
  | 'MM-dd';

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Spec §9 date formats, in the device's time zone; an empty or invalid value gives ''. */
export function formatDate(value: Date | string | number | null | undefined, pattern: DatePattern = 'yyyy-MM-dd'): string {
  const date = toDate(value);
  if (!date) return '';
  const parts: Record<string, string> = {
    yyyy: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    dd: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return pattern.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) => parts[token]);
}

export const formatDay = (value: Date | string | number | null | undefined) => formatDate(value, 'yyyy-MM-dd');
export const formatDateTime = (value: Date | string | number | null | undefined) => formatDate(value, 'yyyy-MM-dd HH:mm:ss');
export const formatCompactDay = (value: Date | string | number | null | undefined) => formatDate(value, 'yyyyMMdd');
export const formatChineseDay = (value: Date | string | number | null | undefined) => formatDate(value, 'yyyy年MM月dd日');
export const formatMonth = (value: Date | string | number | null | undefined) => formatDate(value, 'yyyy-MM');

/** Spec §9: thousands separators and padded decimals (12345.6 → 12,345.60). */
export function formatMoney(value: number | string | null | undefined, decimals = 2): string {
  const number = typeof value === 'string' ? Number(value.replace(/,/g, '')) : value;
  if (number === null || number === undefined || !Number.isFinite(number)) return (0).toFixed(decimals);
  const [whole, fraction] = Math.abs(number).toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${number < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A short Chinese "how long ago" for lists: 刚刚, N分钟前, 今天 HH:mm, 昨天 HH:mm, MM-dd, yyyy-MM-dd. */
export function formatRelativeTime(value: Date | string | number | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const diffMs = now.getTime() - date.getTime();
  if (diffMs >= 0 && diffMs < 60_000) return '刚刚';
  if (diffMs >= 0 && diffMs < 3_600_000) return `${Math.floor(diffMs / 60_000)}分钟前`;
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const time = formatDate(date, 'HH:mm');
  if (date.getTime() >= startOfToday && date.getTime() < startOfToday + 86_400_000) return `今天 ${time}`;
  if (date.getTime() >= startOfToday - 86_400_000 && date.getTime() < startOfToday) return `昨天 ${time}`;
  return date.getFullYear() === now.getFullYear() ? formatDate(date, 'MM-dd') : formatDate(date, 'yyyy-MM-dd');
}
