import { describe, expect, it } from 'vitest';
import { dayAgenda, gridRange, monthGrid, shanghaiToday, shiftMonth } from '@/features/schedule/month-grid';

const ev = (startAt: string, endAt: string, color = '#f00', allDay = false) => ({ startAt, endAt, color, allDay });

describe('month calendar grid', () => {
  it('lays out 6 Monday-first weeks with other-month days flagged (Feb 2026 starts on a Sunday)', () => {
    const grid = monthGrid({ year: 2026, month: 2, today: '2026-02-14', selected: '2026-02-20', occurrences: [] });
    expect(grid).toHaveLength(6);
    expect(grid.every((w) => w.length === 7)).toBe(true);
    expect(grid[0][0]).toMatchObject({ date: '2026-01-26', inMonth: false, isWeekend: false });
    expect(grid[0][6]).toMatchObject({ date: '2026-02-01', day: 1, inMonth: true, isWeekend: true });
    expect(grid[5][6]).toMatchObject({ date: '2026-03-08', inMonth: false });
    const flat = grid.flat();
    expect(flat.filter((c) => c.inMonth)).toHaveLength(28);
    expect(flat.filter((c) => c.isToday).map((c) => c.date)).toEqual(['2026-02-14']);
    expect(flat.filter((c) => c.isSelected).map((c) => c.date)).toEqual(['2026-02-20']);
  });

  it('starts on the 1st itself when the month begins on a Monday, and knows leap years', () => {
    expect(gridRange(2027, 2)).toEqual({ from: '2027-02-01', to: '2027-03-14' });
    const leap = monthGrid({ year: 2028, month: 2, today: '', selected: null, occurrences: [] }).flat();
    expect(leap.filter((c) => c.inMonth).at(-1)!.date).toBe('2028-02-29');
  });

  it('marks days in Shanghai time: 23:30 UTC on the 9th is the 10th in China', () => {
    const grid = monthGrid({
      year: 2026,
      month: 3,
      today: '',
      selected: null,
      occurrences: [ev('2026-03-09T23:30:00Z', '2026-03-10T00:30:00Z')],
    }).flat();
    expect(grid.find((c) => c.date === '2026-03-10')!.count).toBe(1);
    expect(grid.find((c) => c.date === '2026-03-09')!.count).toBe(0);
  });

  it('marks every day of a multi-day event, not the day its exclusive end falls on, and caps the markers', () => {
    const occurrences = [
      ev('2026-03-30T00:00:00+08:00', '2026-04-02T00:00:00+08:00', '#0a0', true),
      ...['#111', '#222', '#333'].map((c) => ev('2026-03-31T09:00:00+08:00', '2026-03-31T10:00:00+08:00', c)),
    ];
    const grid = monthGrid({ year: 2026, month: 3, today: '', selected: null, occurrences }).flat();
    const at = (d: string) => grid.find((c) => c.date === d)!;
    expect(at('2026-03-30').markers).toEqual(['#0a0']);
    expect(at('2026-03-31')).toMatchObject({ count: 4, markers: ['#0a0', '#111', '#222'] });
    expect(at('2026-04-01')).toMatchObject({ count: 1, inMonth: false });
    expect(at('2026-04-02').count).toBe(0);
  });

  it('swipes across year ends', () => {
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(2026, 5, -17)).toEqual({ year: 2024, month: 12 });
  });

  it("lists the chosen day's agenda with all-day events first, and knows today in Shanghai", () => {
    const list = [
      ev('2026-03-31T14:00:00+08:00', '2026-03-31T15:00:00+08:00', 'b'),
      ev('2026-03-31T09:00:00+08:00', '2026-03-31T10:00:00+08:00', 'a'),
      ev('2026-03-30T00:00:00+08:00', '2026-04-01T00:00:00+08:00', 'all', true),
      ev('2026-04-01T00:00:00+08:00', '2026-04-01T01:00:00+08:00', 'next'),
    ];
    expect(dayAgenda(list, '2026-03-31').map((o) => o.color)).toEqual(['all', 'a', 'b']);
    expect(shanghaiToday(Date.parse('2026-12-31T16:30:00Z'))).toBe('2027-01-01');
  });
});
