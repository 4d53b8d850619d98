import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { expandSeries, type Series } from '../../../server/modules/schedule/recurrence';
import { foldLine, rrule, toIcs, type IcsEvent } from '../../../server/modules/schedule/ics';

const sh = (wall: string) => Date.parse(`${wall}+08:00`);
const stamp = Date.parse('2026-11-23T08:00:00Z');

// parse back with an independent RFC 5545 implementation; the calendar's own VTIMEZONE is what resolves TZID
function parse(ics: string) {
  const cal = new ICAL.Component(ICAL.parse(ics));
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return cal;
}
function occurrencesByIcal(cal: ICAL.Component, uid: string, until: number): number[] {
  const vevents = cal.getAllSubcomponents('vevent').filter((v) => v.getFirstPropertyValue('uid') === uid);
  const master = new ICAL.Event(
    vevents.find((v) => !v.hasProperty('recurrence-id'))!,
    { exceptions: vevents.filter((v) => v.hasProperty('recurrence-id')) },
  );
  const it = master.iterator();
  const out: number[] = [];
  for (let t = it.next(); t && t.toUnixTime() * 1000 < until; t = it.next()) {
    out.push(master.getOccurrenceDetails(t).startDate.toUnixTime() * 1000);
  }
  return out.sort((a, b) => a - b);
}

const base: IcsEvent = {
  uid: 'e1@oa',
  title: '周例会',
  startAt: sh('2026-11-23T09:00:00'),
  endAt: sh('2026-11-23T10:00:00'),
  allDay: false,
  updatedAt: stamp,
};

describe('iCalendar export', () => {
  it('writes a VCALENDAR with VTIMEZONE, CRLF line ends and a VEVENT phones can read back at the right instant', () => {
    const ics = toIcs([{ ...base, location: '3楼; 第一会议室, 东侧', notes: '议程：\n1. 周报\\总结' }]);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics).toContain('DTSTART;TZID=Asia/Shanghai:20261123T090000\r\n');
    expect(ics).toContain('DTSTAMP:20261123T080000Z\r\n');
    const ev = new ICAL.Event(parse(ics).getFirstSubcomponent('vevent')!);
    expect(ev.uid).toBe('e1@oa');
    expect(ev.summary).toBe('周例会');
    expect(ev.location).toBe('3楼; 第一会议室, 东侧');
    expect(ev.description).toBe('议程：\n1. 周报\\总结');
    expect(ev.startDate.toUnixTime() * 1000).toBe(Date.parse('2026-11-23T01:00:00Z'));
    expect(ev.endDate.toUnixTime() * 1000).toBe(Date.parse('2026-11-23T02:00:00Z'));
  });

  it('writes all-day events as VALUE=DATE with the exclusive next day as DTEND', () => {
    const ics = toIcs([
      { ...base, allDay: true, startAt: sh('2026-12-31T00:00:00'), endAt: sh('2027-01-02T00:00:00') },
    ]);
    expect(ics).toContain('DTSTART;VALUE=DATE:20261231\r\n');
    expect(ics).toContain('DTEND;VALUE=DATE:20270102\r\n');
    const ev = new ICAL.Event(parse(ics).getFirstSubcomponent('vevent')!);
    expect(ev.startDate.isDate).toBe(true);
    expect(ev.endDate.toString()).toBe('2027-01-02');
  });

  it('folds long Chinese lines at 75 octets without breaking a character, and unfolds to the same text', () => {
    const title = '关于二〇二六年度第四季度全体员工安全生产培训暨消防演练的通知'.repeat(3);
    const ics = toIcs([{ ...base, title }]);
    const lines = ics.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    expect(ics).not.toContain('\uFFFD');
    expect(new ICAL.Event(parse(ics).getFirstSubcomponent('vevent')!).summary).toBe(title);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('writes the 29th/30th clamped to month end with BYSETPOS, and COUNT/UNTIL/INTERVAL as the RFC spells them', () => {
    const at = sh('2026-11-30T09:00:00');
    expect(rrule({ freq: 'monthly', count: 4 }, at, false)).toBe(
      'FREQ=MONTHLY;COUNT=4;BYMONTHDAY=28,29,30;BYSETPOS=-1',
    );
    expect(rrule({ freq: 'monthly', monthEnd: 'skip' }, at, false)).toBe('FREQ=MONTHLY;BYMONTHDAY=30');
    // UNTIL is UTC for a TZID start: the last second of 31 Dec in Shanghai is 15:59:59Z
    expect(rrule({ freq: 'weekly', interval: 2, until: '2026-12-31' }, at, false)).toBe(
      'FREQ=WEEKLY;INTERVAL=2;UNTIL=20261231T155959Z;BYDAY=MO;WKST=MO',
    );
    expect(rrule({ freq: 'daily', until: '2026-12-31' }, at, true)).toBe('FREQ=DAILY;UNTIL=20261231');
  });

  const cases: [string, Partial<Series>][] = [
    ['daily every 2 days until a date', { rule: { freq: 'daily', interval: 2, until: '2027-01-10' } }],
    ['weekly Mon/Wed/Fri with COUNT', { rule: { freq: 'weekly', byDay: [1, 3, 5], count: 10 } }],
    [
      'monthly 31st clamped to month end',
      { startAt: sh('2026-12-31T09:00:00'), endAt: sh('2026-12-31T10:00:00'), rule: { freq: 'monthly', count: 8 } },
    ],
    [
      'monthly 31st skipping short months',
      {
        startAt: sh('2026-12-31T09:00:00'),
        endAt: sh('2026-12-31T10:00:00'),
        rule: { freq: 'monthly', monthEnd: 'skip', count: 5 },
      },
    ],
    [
      'weekly with an exception and a moved occurrence',
      {
        rule: { freq: 'weekly', until: '2027-01-31' },
        exdates: ['2026-12-07'],
        overrides: {
          '2026-12-14': { startAt: sh('2026-12-15T14:00:00'), endAt: sh('2026-12-15T15:00:00'), title: '改到周二' },
        },
      },
    ],
  ];
  it.each(cases)('RRULE/EXDATE/RECURRENCE-ID: %s expands in a parser exactly as on the server', (_, over) => {
    const s: Series = {
      id: 's',
      startAt: base.startAt,
      endAt: base.endAt,
      exdates: [],
      overrides: {},
      ...over,
    } as Series;
    const ics = toIcs([
      {
        ...base,
        uid: 's@oa',
        startAt: s.startAt,
        endAt: s.endAt,
        rule: s.rule,
        exdates: s.exdates,
        overrides: s.overrides,
      },
    ]);
    const end = sh('2028-01-01T00:00:00');
    const ours = expandSeries(s, s.startAt, end).map((o) => o.startAt);
    expect(ours.length).toBeGreaterThan(3);
    expect(occurrencesByIcal(parse(ics), 's@oa', end)).toEqual(ours);
  });
});
