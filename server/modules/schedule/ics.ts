import { scheduleTimeZone } from '@contract/schedule';
import { normaliseRule, type RuleInput } from './rule-days';
import type { OccurrenceOverride } from './recurrence';
import { dateKey, dayNumber, dayStart, DAY, localDateTime, parseDateKey, timeOfDay } from '../../lib/shanghai-time';

/*
 * iCalendar (RFC 5545) export for the .ics download and the subscription URL that phone calendars poll. Times are
 * written as Asia/Shanghai wall time with TZID and a VTIMEZONE (phones then show them right in any zone); all-day
 * events as VALUE=DATE with an exclusive DTEND, as the RFC asks.
 */

export interface IcsEvent {
  uid: string; // stable per event/series, e.g. `${id}@oa.example`
  title: string;
  startAt: number;
  endAt: number;
  allDay: boolean;
  location?: string;
  notes?: string;
  updatedAt: number; // DTSTAMP / LAST-MODIFIED
  rule?: RuleInput | null;
  exdates?: string[];
  overrides?: Record<string, OccurrenceOverride>;
}

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${scheduleTimeZone}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0800',
  'TZOFFSETTO:+0800',
  'TZNAME:CST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

export function toIcs(events: IcsEvent[], calendarName = '我的日程'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//OA Mobile//Schedule//ZH',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  lines.push(`X-WR-CALNAME:${escapeText(calendarName)}`, `X-WR-TIMEZONE:${scheduleTimeZone}`, ...VTIMEZONE);
  for (const e of events) {
    lines.push(...vevent(e, e, null));
    for (const [key, o] of Object.entries(e.overrides ?? {})) {
      if (!e.exdates?.includes(key)) lines.push(...vevent(e, { ...e, ...o }, key));
    }
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

function vevent(series: IcsEvent, e: Omit<IcsEvent, 'uid' | 'updatedAt'>, recurrenceId: string | null): string[] {
  const out = ['BEGIN:VEVENT', `UID:${escapeText(series.uid)}`, `DTSTAMP:${utcStamp(series.updatedAt)}`];
  out.push(`LAST-MODIFIED:${utcStamp(series.updatedAt)}`);
  out.push(timeProp('DTSTART', e.startAt, e.allDay), timeProp('DTEND', allDayEnd(e), e.allDay));
  if (recurrenceId) {
    out.push(
      timeProp('RECURRENCE-ID', dayStart(parseDateKey(recurrenceId)) + timeOfDay(series.startAt), series.allDay),
    );
  } else if (series.rule) {
    out.push(`RRULE:${rrule(series.rule, series.startAt, series.allDay)}`);
    for (const key of series.exdates ?? []) {
      out.push(timeProp('EXDATE', dayStart(parseDateKey(key)) + timeOfDay(series.startAt), series.allDay));
    }
  }
  out.push(`SUMMARY:${escapeText(e.title)}`);
  if (e.location) out.push(`LOCATION:${escapeText(e.location)}`);
  if (e.notes) out.push(`DESCRIPTION:${escapeText(e.notes)}`);
  out.push('END:VEVENT');
  return out;
}

// an all-day event ending mid-day (bad data) still covers its last day
function allDayEnd(e: { startAt: number; endAt: number; allDay: boolean }): number {
  if (!e.allDay) return e.endAt;
  const last = Math.max(dayNumber(e.startAt) + 1, Math.ceil((e.endAt - dayStart(0)) / DAY));
  return dayStart(last);
}

function timeProp(name: string, ms: number, allDay: boolean): string {
  if (allDay) return `${name};VALUE=DATE:${dateKey(dayNumber(ms)).replace(/-/g, '')}`;
  return `${name};TZID=${scheduleTimeZone}:${localDateTime(ms).replace(/[-:]/g, '')}00`;
}

function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const ICS_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

export function rrule(input: RuleInput, startAt: number, allDay: boolean): string {
  const rule = normaliseRule(input, dayNumber(startAt));
  const parts = [`FREQ=${rule.freq.toUpperCase()}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.count) parts.push(`COUNT=${rule.count}`);
  if (rule.until) {
    // UNTIL must be UTC when DTSTART has a TZID; the last instant of the local day keeps that day's occurrence
    const end = dayStart(parseDateKey(rule.until) + 1) - 1000;
    parts.push(`UNTIL=${allDay ? rule.until.replace(/-/g, '') : utcStamp(end)}`);
  }
  if (rule.freq === 'weekly') parts.push(`BYDAY=${rule.byDay!.map((d) => ICS_DAYS[d - 1]).join(',')}`, 'WKST=MO');
  if (rule.freq === 'monthly') {
    const d = rule.byMonthDay!;
    // "the d-th, or the month's last day when shorter". For the 31st that is simply the last day (-1), which every
    // reader understands; for the 29th/30th it is the largest of 28..d that exists, which needs BYSETPOS (RFC 5545
    // correct, but some readers, ical.js among them, ignore BYSETPOS with BYMONTHDAY).
    if (rule.monthEnd === 'clamp' && d === 31) parts.push('BYMONTHDAY=-1');
    else if (rule.monthEnd === 'clamp' && d > 28) {
      parts.push(`BYMONTHDAY=${Array.from({ length: d - 27 }, (_, i) => 28 + i).join(',')}`, 'BYSETPOS=-1');
    } else parts.push(`BYMONTHDAY=${d}`);
  }
  return parts.join(';');
}

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n|\r/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets without splitting a UTF-8 character (one Chinese character is 3 octets). */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const chunks: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (octets + size > limit) {
      chunks.push(current);
      current = '';
      octets = 0;
      limit = 74; // continuation lines start with a space, which counts
    }
    current += ch;
    octets += size;
  }
  chunks.push(current);
  return chunks.join('\r\n ');
}
