import type { ParticipantResponse, ScheduleOccurrence } from '@contract/schedule';
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
  /** an event shared with the user: their answer (their own events: null or absent) */
  myResponse?: ParticipantResponse | null;
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
export function calendarRange(
  events: StoredEvent[],
  meetings: AcceptedMeeting[],
  from: number,
  to: number,
): ScheduleOccurrence[] {
  // objects are built in one literal shape and sorted by a side key: spreads and rest-copies of a few thousand
  // occurrences were most of a month view's time
  const out: { at: number; o: ScheduleOccurrence }[] = [];
  const add = (
    e: StoredEvent | null,
    id: string,
    date: string | null,
    title: string,
    location: string,
    startAt: number,
    endAt: number,
  ) =>
    out.push({
      at: startAt,
      o: {
        eventId: id,
        occurrenceDate: date,
        source: e ? 'event' : 'meeting',
        title,
        startAt: new Date(startAt).toISOString(),
        endAt: new Date(endAt).toISOString(),
        allDay: e ? e.allDay : false,
        location,
        color: e ? e.color : meetingColour,
        recurring: e ? e.series !== null : false,
        myResponse: e?.myResponse ?? null,
      },
    });
  for (const e of events) {
    if (!e.series) {
      if (e.startAt < to && e.endAt > from) add(e, e.id, null, e.title, e.location, e.startAt, e.endAt);
      continue;
    }
    for (const o of expandSeries({ id: e.id, startAt: e.startAt, endAt: e.endAt, ...e.series }, from, to)) {
      add(
        e,
        e.id,
        o.occurrenceDate,
        o.override?.title ?? e.title,
        o.override?.location ?? e.location,
        o.startAt,
        o.endAt,
      );
    }
  }
  for (const m of meetings) {
    if (m.response !== 'accepted' || m.cancelled || m.startAt >= to || m.endAt <= from) continue;
    add(null, m.id, null, m.subject, m.roomName ?? (m.onlineLink ? '线上会议' : ''), m.startAt, m.endAt);
  }
  out.sort((a, b) => a.at - b.at || Number(b.o.allDay) - Number(a.o.allDay));
  return out.map((x) => x.o);
}
