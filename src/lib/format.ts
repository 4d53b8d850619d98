// The date formats live in format-date.ts: a page that only shows dates (the home page) loads them without these.
export * from './format-date';

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
  const text = unit === 0 ? String(Math.round(value)) : String(Number(value.toFixed(2)));
  return `${text}${SIZE_UNITS[unit]}`;
}

/** Spec §9: thousands separators and padded decimals (12345.6 → 12,345.60). */
export function formatMoney(value: number | string | null | undefined, decimals = 2): string {
  const number =
    typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value.replace(/,/g, ''))) : value;
  if (number === null || number === undefined || !Number.isFinite(number)) return (0).toFixed(decimals);
  const [whole, fraction] = Math.abs(number).toFixed(decimals).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = number < 0 && Number(Math.abs(number).toFixed(decimals)) !== 0;
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}
