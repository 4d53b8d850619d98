import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatRelativeTime, formatSize } from '@/lib/format';
import { createNonce } from '@/lib/nonce';

describe('formatSize (spec §9)', () => {
  it.each([
    [0, '0B'],
    [1023, '1023B'],
    [1024, '1KB'],
    [1536, '1.5KB'],
    [5 * 1024 * 1024, '5MB'],
    [3.25 * 1024 ** 3, '3.25GB'],
    [5000 * 1024 ** 3, '5000GB'],
  ])('%d bytes → %s', (bytes, text) => expect(formatSize(bytes)).toBe(text));
});

describe('formatDate (spec §9)', () => {
  const at = new Date(2026, 2, 5, 8, 4, 9);
  it.each([
    ['yyyy-MM-dd', '2026-03-05'],
    ['yyyy-MM-dd HH:mm:ss', '2026-03-05 08:04:09'],
    ['yyyyMMdd', '20260305'],
    ['yyyy年MM月dd日', '2026年03月05日'],
    ['yyyy年MM月', '2026年03月'],
    ['yyyy-MM', '2026-03'],
  ] as const)('%s → %s', (pattern, text) => expect(formatDate(at, pattern)).toBe(text));

  it('gives an empty text for empty or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatMoney (spec §9)', () => {
  it('inserts thousands separators and pads decimals', () => {
    expect(formatMoney(1234567.5)).toBe('1,234,567.50');
    expect(formatMoney('9876')).toBe('9,876.00');
    expect(formatMoney(-1000.456)).toBe('-1,000.46');
    expect(formatMoney(12)).toBe('12.00');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 10, 22, 15, 0, 0);
  it('reads naturally in Chinese', () => {
    expect(formatRelativeTime(new Date(2026, 10, 22, 14, 59, 30), now)).toBe('刚刚');
    expect(formatRelativeTime(new Date(2026, 10, 22, 14, 35), now)).toBe('25分钟前');
    expect(formatRelativeTime(new Date(2026, 10, 22, 9, 5), now)).toBe('今天 09:05');
    expect(formatRelativeTime(new Date(2026, 10, 21, 18, 30), now)).toBe('昨天 18:30');
    expect(formatRelativeTime(new Date(2026, 9, 1), now)).toBe('10-01');
    expect(formatRelativeTime(new Date(2025, 0, 2), now)).toBe('2025-01-02');
  });
});

describe('createNonce (spec §9)', () => {
  it('makes 10 random alphanumeric characters', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(nonces.size).toBe(50);
  });
});
