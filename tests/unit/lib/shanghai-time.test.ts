import { describe, expect, it } from 'vitest';
import {
  dateKey,
  dayNumber,
  daysInMonth,
  isoWeekday,
  localDateTime,
  parseDateKey,
  ymd,
} from '../../../server/lib/shanghai-time';

describe('Shanghai calendar arithmetic', () => {
  it('agrees with the platform calendar for every day from 1900 to 2200', () => {
    for (let d = -25567; d < 84000; d++) {
      const iso = new Date(d * 86_400_000).toISOString().slice(0, 10);
      if (dateKey(d) !== iso || parseDateKey(iso) !== d) expect(`${d}: ${dateKey(d)}`).toBe(`${d}: ${iso}`);
      const { year, month, date } = ymd(d);
      if (date === 1) expect(daysInMonth(year, month)).toBe(new Date(Date.UTC(year, month, 0)).getUTCDate());
    }
  });

  it('refuses impossible dates', () => {
    for (const bad of ['2026-02-29', '2026-13-01', '2026-04-31', '2026-1-01', ''])
      expect(() => parseDateKey(bad)).toThrow(RangeError);
    expect(dateKey(parseDateKey('2028-02-29'))).toBe('2028-02-29');
  });

  it('counts days in UTC+8: 16:00 UTC is already the next day, Monday is 1', () => {
    expect(dateKey(dayNumber(Date.parse('2026-11-22T15:59:59Z')))).toBe('2026-11-22');
    expect(dateKey(dayNumber(Date.parse('2026-11-22T16:00:00Z')))).toBe('2026-11-23');
    expect(isoWeekday(parseDateKey('2026-11-23'))).toBe(1);
    expect(isoWeekday(parseDateKey('2026-11-22'))).toBe(7);
    expect(localDateTime(Date.parse('2026-11-22T16:30:00Z'))).toBe('2026-11-23T00:30');
  });
});
