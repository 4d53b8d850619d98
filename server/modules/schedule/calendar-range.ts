import type { ScheduleOccurrence } from '../../../contract/schedule';
import { expandSeries, type Series } from './recurrence';

/*
 * What the calendar shows for a range: the user's single events, their series expanded, and the meetings they
 * accepted (which appear without the user copying them). The queries that load these rows belong to the service;
 * this part is pure so the month view can be measured and tested without a database.
 */

export interface StoredEvent {
  id: string;
  title: string;
  startAt: number;
  endAt: number;
  allDay: boolean;
  location: string;
  color: string;
  series: Omit<Series, 'id' | 'startAt' | 'endAt'> | null; // recurrence of the event, if any
}

export interface AcceptedMeeting {
  id: string;
  subject: string;
  startAt: number;
  endAt: number;
  roomName: string | null;
  onlineLink: string | null;
  response: 'pending' | 'accepted' | 'declined';
  cancelled: boolean;
}

export const meetingColour = '#ff976a';

/** Occurrences overlapping [from, to), sorted by start (all-day first on ties), as the API returns them. */
export function calendarRange(events: StoredEvent[], meetings: AcceptedMeeting[], from: number, to: number): ScheduleOccurrence[] {
  const out: (ScheduleOccurrence & { at: number })[] = [];
  for (const e of events) {
    const base = { eventId: e.id, source: 'event' as const, allDay: e.allDay, color: e.color, recurring: e.series !== null };
    if (!e.series) {
      if (e.startAt < to && e.endAt > from) out.push({ ...base, occurrenceDate: null, title: e.title, location: e.location, ...times(e.startAt, e.endAt) });
      continue;
    }
    for (const o of expandSeries({ id: e.id, startAt: e.startAt, endAt: e.endAt, ...e.series }, from, to)) {
      out.push({
        ...base,
        occurrenceDate: o.occurrenceDate,
        title: o.override?.title ?? e.title,
        location: o.override?.location ?? e.location,
        ...times(o.startAt, o.endAt),
      });
    }
  }
  for (const m of meetings) {
    if (m.response !== 'accepted' || m.cancelled || m.startAt >= to || m.endAt <= from) continue;
    out.push({
      eventId: m.id,
      occurrenceDate: null,
      source: 'meeting',
      title: m.subject,
      location: m.roomName ?? (m.onlineLink ? '线上会议' : ''),
      allDay: false,
      color: meetingColour,
      recurring: false,
      ...times(m.startAt, m.endAt),
    });
  }
  out.sort((a, b) => a.at - b.at || Number(b.allDay) - Number(a.allDay));
  return out.map(({ at: _at, ...o }) => o);
}

function times(startAt: number, endAt: number) {
  return { at: startAt, startAt: new Date(startAt).toISOString(), endAt: new Date(endAt).toISOString() };
}
