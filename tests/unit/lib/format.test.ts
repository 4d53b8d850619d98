import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatRelativeTime, formatSize } from '@/lib/format';

describe('formatSize (spec §9)', () => {
  it.each([
    [0, '0B'],
    [1023, '1023B'],
    [1024, '1KB'],
    [1536, '1.5KB'],
    [1024 * 1024 - 1, '1024KB'],
    [5 * 1024 * 1024, '5MB'],
    [3.25 * 1024 ** 3, '3.25GB'],
    [5000 * 1024 ** 3, '5000GB'],
  ])('%d bytes → %s', (bytes, text) => expect(formatSize(bytes)).toBe(text));

  it('treats missing or nonsense sizes as 0B', () => {
    expect(formatSize(undefined)).toBe('0B');
    expect(formatSize(-5)).toBe('0B');
    expect(formatSize(Number.NaN)).toBe('0B');
  });
});

describe('formatDate (spec §9)', () => {
  const at = new Date(2026, 2, 5, 8, 4, 9);
  it.each([
    ['yyyy-MM-dd', '2026-03-05'],
    ['yyyy-MM-dd HH:mm:ss', '2026-03-05 08:04:09'],
    ['yyyy-MM-dd HH:mm', '2026-03-05 08:04'],
    ['yyyyMMdd', '20260305'],
    ['yyyy年MM月dd日', '2026年03月05日'],
    ['yyyy年MM月dd日 HH:mm:ss', '2026年03月05日 08:04:09'],
    ['yyyy年M月d日', '2026年3月5日'],
    ['yyyy年MM月', '2026年03月'],
    ['M月d日', '3月5日'],
    ['yyyy-MM', '2026-03'],
    ['HH:mm', '08:04'],
  ] as const)('%s → %s', (pattern, text) => expect(formatDate(at, pattern)).toBe(text));

  it('has named helpers for the common patterns', () => {
    expect(formatDate(at, 'yyyy-MM-dd')).toBe('2026-03-05');
    expect(formatDate(at, 'yyyy-MM-dd HH:mm:ss')).toBe('2026-03-05 08:04:09');
    expect(formatDate(at, 'yyyyMMdd')).toBe('20260305');
    expect(formatDate(at, 'yyyy年MM月dd日')).toBe('2026年03月05日');
    expect(formatDate(at, 'yyyy-MM')).toBe('2026-03');
  });

  it('reads ISO text, epoch ms, a bare day as a local day, and the space-separated server format', () => {
    expect(formatDate(at.getTime(), 'yyyy-MM-dd HH:mm:ss')).toBe('2026-03-05 08:04:09');
    expect(formatDate(at.toISOString(), 'yyyy-MM-dd HH:mm:ss')).toBe('2026-03-05 08:04:09');
    expect(formatDate('2026-03-05', 'yyyy年MM月dd日')).toBe('2026年03月05日');
    expect(formatDate('2026-03-05 08:04:09', 'HH:mm')).toBe('08:04');
  });

  it('gives an empty text for empty or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatMoney (spec §9)', () => {
  it('inserts thousands separators and pads decimals', () => {
    expect(formatMoney(1234567.5)).toBe('1,234,567.50');
    expect(formatMoney('9876')).toBe('9,876.00');
    expect(formatMoney('1,234.5')).toBe('1,234.50');
    expect(formatMoney(-1000.456)).toBe('-1,000.46');
    expect(formatMoney(12)).toBe('12.00');
    expect(formatMoney(999.999)).toBe('1,000.00');
    expect(formatMoney(1234.5, 0)).toBe('1,235');
    expect(formatMoney(0.5, 3)).toBe('0.500');
  });

  it('shows 0.00 for nothing or nonsense, and never -0.00', () => {
    expect(formatMoney(null)).toBe('0.00');
    expect(formatMoney('')).toBe('0.00');
    expect(formatMoney('abc')).toBe('0.00');
    expect(formatMoney(-0.001)).toBe('0.00');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 10, 22, 15, 0, 0);
  it('reads naturally in Chinese', () => {
    expect(formatRelativeTime(new Date(2026, 10, 22, 14, 59, 30), now)).toBe('刚刚');
    expect(formatRelativeTime(new Date(2026, 10, 22, 15, 0, 20), now)).toBe('刚刚');
    expect(formatRelativeTime(new Date(2026, 10, 22, 14, 35), now)).toBe('25分钟前');
    expect(formatRelativeTime(new Date(2026, 10, 22, 9, 5), now)).toBe('今天 09:05');
    expect(formatRelativeTime(new Date(2026, 10, 21, 18, 30), now)).toBe('昨天 18:30');
    expect(formatRelativeTime(new Date(2026, 9, 1), now)).toBe('10-01');
    expect(formatRelativeTime(new Date(2025, 0, 2), now)).toBe('2025-01-02');
    expect(formatRelativeTime(undefined, now)).toBe('');
  });

  it('says 昨天 across a month boundary', () => {
    expect(formatRelativeTime(new Date(2026, 10, 30, 23, 10), new Date(2026, 11, 1, 8, 0))).toBe('昨天 23:10');
  });
});
