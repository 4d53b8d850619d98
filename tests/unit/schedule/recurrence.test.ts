import { describe, expect, it } from 'vitest';
import { expandSeries, findOccurrence, splitSeries, type Series } from '../../../server/modules/schedule/recurrence';
import { localDateTime } from '../../../server/lib/shanghai-time';

// Wall times are written in Asia/Shanghai; the instants must come out as UTC+8 whatever the machine's zone is.
const sh = (wall: string) => Date.parse(`${wall}+08:00`);
const series = (over: Partial<Series> & Pick<Series, 'rule'>): Series => ({
  id: 's1',
  startAt: sh('2026-01-31T09:00:00'),
  endAt: sh('2026-01-31T10:00:00'),
  exdates: [],
  overrides: {},
  ...over,
});
const starts = (s: Series, from: string, to: string) =>
  expandSeries(s, sh(`${from}T00:00:00`), sh(`${to}T00:00:00`)).map((o) => localDateTime(o.startAt));

describe('recurrence expansion in Asia/Shanghai', () => {
  it('keeps 09:00 local (01:00 UTC) for every daily occurrence across month and year ends', () => {
    const s = series({ startAt: sh('2026-12-30T09:00:00'), endAt: sh('2026-12-30T10:00:00'), rule: { freq: 'daily' } });
    const occ = expandSeries(s, sh('2026-12-31T00:00:00'), sh('2027-01-03T00:00:00'));
    expect(occ.map((o) => new Date(o.startAt).toISOString())).toEqual([
      '2026-12-31T01:00:00.000Z',
      '2027-01-01T01:00:00.000Z',
      '2027-01-02T01:00:00.000Z',
    ]);
    expect(occ.map((o) => o.occurrenceDate)).toEqual(['2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('uses the Shanghai day, not the UTC day, for an early-morning event (07:30 local is the previous UTC day)', () => {
    const s = series({
      startAt: sh('2026-03-02T07:30:00'),
      endAt: sh('2026-03-02T08:00:00'),
      rule: { freq: 'weekly' },
    });
    expect(starts(s, '2026-03-01', '2026-03-20')).toEqual(['2026-03-02T07:30', '2026-03-09T07:30', '2026-03-16T07:30']);
  });

  it('honours INTERVAL and jumps into a window five years after the start', () => {
    const s = series({
      startAt: sh('2021-01-01T08:00:00'),
      endAt: sh('2021-01-01T09:00:00'),
      rule: { freq: 'daily', interval: 3 },
    });
    const got = starts(s, '2026-02-01', '2026-02-10');
    // 2021-01-01 + 3k days: 2026-02-01 is day 1857 = 3*619, so it is an occurrence
    expect(got).toEqual(['2026-02-01T08:00', '2026-02-04T08:00', '2026-02-07T08:00']);
  });

  it('weekly BYDAY lists the chosen weekdays in order and skips days before the first occurrence', () => {
    // 2026-11-04 is a Wednesday; Mon/Wed/Fri every second week
    const s = series({
      startAt: sh('2026-11-04T14:00:00'),
      endAt: sh('2026-11-04T15:00:00'),
      rule: { freq: 'weekly', interval: 2, byDay: [5, 1, 3] },
    });
    expect(starts(s, '2026-11-01', '2026-11-30')).toEqual([
      '2026-11-04T14:00',
      '2026-11-06T14:00',
      '2026-11-16T14:00',
      '2026-11-18T14:00',
      '2026-11-20T14:00',
    ]);
  });

  it('monthly on the 31st clamps to the month end by default, leap February included', () => {
    const s = series({
      startAt: sh('2027-10-31T09:00:00'),
      endAt: sh('2027-10-31T10:00:00'),
      rule: { freq: 'monthly' },
    });
    expect(starts(s, '2027-10-01', '2028-05-01')).toEqual([
      '2027-10-31T09:00',
      '2027-11-30T09:00',
      '2027-12-31T09:00',
      '2028-01-31T09:00',
      '2028-02-29T09:00',
      '2028-03-31T09:00',
      '2028-04-30T09:00',
    ]);
    expect(starts(s, '2029-02-01', '2029-03-01')).toEqual(['2029-02-28T09:00']);
  });

  it('monthly on the 31st with skip leaves out shorter months (RFC 5545 behaviour)', () => {
    const s = series({ rule: { freq: 'monthly', monthEnd: 'skip' } });
    expect(starts(s, '2026-01-01', '2026-09-01')).toEqual([
      '2026-01-31T09:00',
      '2026-03-31T09:00',
      '2026-05-31T09:00',
      '2026-07-31T09:00',
      '2026-08-31T09:00',
    ]);
  });

  it('COUNT counts occurrences from the start even when the window begins later; skipped months do not count', () => {
    const s = series({ rule: { freq: 'monthly', monthEnd: 'skip', count: 3 } });
    expect(starts(s, '2026-04-01', '2027-01-01')).toEqual(['2026-05-31T09:00']);
    const w = series({
      startAt: sh('2026-11-02T09:00:00'),
      endAt: sh('2026-11-02T10:00:00'),
      rule: { freq: 'weekly', byDay: [1, 4], count: 5 },
    });
    // Mon 2, Thu 5, Mon 9, Thu 12, Mon 16: the fifth is the last
    expect(starts(w, '2026-11-10', '2026-12-31')).toEqual(['2026-11-12T09:00', '2026-11-16T09:00']);
  });

  it('UNTIL includes an occurrence on that local day and nothing after it', () => {
    const s = series({
      startAt: sh('2026-02-26T20:00:00'),
      endAt: sh('2026-02-26T21:00:00'),
      rule: { freq: 'daily', until: '2026-03-01' },
    });
    expect(starts(s, '2026-02-01', '2026-04-01')).toEqual([
      '2026-02-26T20:00',
      '2026-02-27T20:00',
      '2026-02-28T20:00',
      '2026-03-01T20:00',
    ]);
  });

  it('drops exception dates and shows an overridden occurrence at its new time, even when moved into the window', () => {
    const s = series({
      startAt: sh('2026-06-01T09:00:00'),
      endAt: sh('2026-06-01T10:00:00'),
      rule: { freq: 'daily', count: 10 },
      exdates: ['2026-06-03'],
      overrides: {
        '2026-06-09': { startAt: sh('2026-06-20T15:00:00'), endAt: sh('2026-06-20T16:00:00'), title: '改期' },
      },
    });
    expect(starts(s, '2026-06-01', '2026-06-05')).toEqual(['2026-06-01T09:00', '2026-06-02T09:00', '2026-06-04T09:00']);
    expect(starts(s, '2026-06-08', '2026-06-11')).toEqual(['2026-06-08T09:00', '2026-06-10T09:00']);
    const moved = expandSeries(s, sh('2026-06-20T00:00:00'), sh('2026-06-21T00:00:00'));
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ occurrenceDate: '2026-06-09', override: { title: '改期' } });
  });

  it('an override on a date that is not an occurrence shows nothing', () => {
    const s = series({
      rule: { freq: 'weekly' },
      overrides: { '2026-02-01': { startAt: sh('2026-02-01T09:00:00'), endAt: sh('2026-02-01T10:00:00') } },
    });
    expect(starts(s, '2026-02-01', '2026-02-02')).toEqual([]);
  });

  it('includes an occurrence that started before the window and is still running (overnight)', () => {
    const s = series({ startAt: sh('2026-05-01T22:00:00'), endAt: sh('2026-05-02T02:00:00'), rule: { freq: 'daily' } });
    expect(starts(s, '2026-05-05', '2026-05-06')).toEqual(['2026-05-04T22:00', '2026-05-05T22:00']);
  });

  it('a month view of a five-year-old daily series walks only the month', () => {
    const s = series({ startAt: sh('2021-01-01T09:00:00'), endAt: sh('2021-01-01T09:30:00'), rule: { freq: 'daily' } });
    const occ = expandSeries(s, sh('2026-02-01T00:00:00'), sh('2026-03-01T00:00:00'));
    expect(occ).toHaveLength(28);
    expect(occ[0].index).toBe(1857);
  });
});

describe('findOccurrence and "this and following"', () => {
  it('finds an occurrence by original date, and none on other or removed dates', () => {
    const s = series({ rule: { freq: 'weekly' }, exdates: ['2026-02-14'] });
    expect(findOccurrence(s, '2026-02-07')).toMatchObject({ index: 1, startAt: sh('2026-02-07T09:00:00') });
    expect(findOccurrence(s, '2026-02-08')).toBeNull();
    expect(findOccurrence(s, '2026-02-14')).toBeNull();
  });

  it('ends the old series the day before and starts the new one there, splitting exceptions (UNTIL form)', () => {
    const s = series({ rule: { freq: 'monthly' }, exdates: ['2026-03-31', '2026-06-30'] });
    const { before, after } = splitSeries(s, '2026-04-30', 's2');
    expect(before!.rule).toMatchObject({ until: '2026-04-29', byMonthDay: 31 });
    expect(before!.exdates).toEqual(['2026-03-31']);
    expect(after).toMatchObject({ id: 's2', startAt: sh('2026-04-30T09:00:00'), exdates: ['2026-06-30'] });
    // the new series keeps the 31st (clamped), not the 30th it happens to start on
    expect(starts(after, '2026-05-01', '2026-09-01')).toEqual([
      '2026-05-31T09:00',
      '2026-07-31T09:00',
      '2026-08-31T09:00',
    ]);
    expect(starts(before!, '2026-01-01', '2027-01-01')).toEqual(['2026-01-31T09:00', '2026-02-28T09:00']);
  });

  it('shares COUNT between the two parts so together they have as many occurrences as before', () => {
    const s = series({
      startAt: sh('2026-11-02T09:00:00'),
      endAt: sh('2026-11-02T10:00:00'),
      rule: { freq: 'weekly', byDay: [1, 3], count: 6 },
    });
    const { before, after } = splitSeries(s, '2026-11-11', 's2');
    expect(before!.rule.count).toBe(3);
    expect(after.rule.count).toBe(3);
    const all = [...starts(before!, '2026-11-01', '2027-01-01'), ...starts(after, '2026-11-01', '2027-01-01')];
    expect(all).toEqual(starts(s, '2026-11-01', '2027-01-01'));
  });

  it('splitting at the first occurrence replaces the whole series, and a non-occurrence is refused', () => {
    const s = series({ rule: { freq: 'daily' } });
    expect(splitSeries(s, '2026-01-31', 's2').before).toBeNull();
    expect(() => splitSeries(s, '2026-01-30', 's2')).toThrow(RangeError);
  });
});
