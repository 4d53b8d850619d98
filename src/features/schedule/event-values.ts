import type { RecurrenceFreq, ScheduleEvent, ScheduleOccurrence } from '@contract/schedule';
import type { SelectorNode } from '@contract/upms';

const OFFSET = 8 * 3_600_000;
const DAY = 86_400_000;
/** ISO instant → Shanghai wall text 'YYYY-MM-DD HH:mm', and back. */
const wall = (iso: string) => new Date(Date.parse(iso) + OFFSET).toISOString().slice(0, 16).replace('T', ' ');
const instant = (text: string) => new Date(`${text.replace(' ', 'T')}:00+08:00`).toISOString();

export const colours = ['#1989fa', '#07c160', '#ff976a', '#ee0a24', '#7232dd'];
export type RepeatEnd = 'never' | 'until' | 'count';

/** What the event form edits: wall times as text, the series' end as a choice, the participants as picked. */
export interface EventValues {
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  location: string;
  notes: string;
  color: string;
  reminder: number | null;
  freq: RecurrenceFreq | '';
  repeatEnd: RepeatEnd;
  until: string;
  count: number;
  people: SelectorNode[];
}

/** The form's first values: the tapped occurrence (not the series' first one); an all-day end shows its last day. */
export function initialEventValues(e: ScheduleEvent | null, o: ScheduleOccurrence | null, day: string): EventValues {
  const shownStart = o?.startAt ?? e?.startAt;
  const shownEnd = o?.endAt ?? e?.endAt;
  const allDay = o?.allDay ?? e?.allDay ?? false;
  return {
    title: o?.title ?? e?.title ?? '',
    start: shownStart ? wall(shownStart) : `${day} 09:00`,
    end: shownEnd ? wall(allDay ? new Date(Date.parse(shownEnd) - DAY).toISOString() : shownEnd) : `${day} 10:00`,
    allDay,
    location: o?.location ?? e?.location ?? '',
    notes: e?.notes ?? '',
    color: e?.color ?? colours[0],
    reminder: e?.reminderMinutes ?? null,
    freq: e?.recurrence?.freq ?? '',
    repeatEnd: e?.recurrence?.count ? 'count' : e?.recurrence?.until ? 'until' : 'never',
    until: e?.recurrence?.until ?? (shownStart ? wall(shownStart) : day).slice(0, 10),
    count: e?.recurrence?.count ?? 10,
    people: (e?.participants ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      realName: p.name,
      popCode: 'user',
      parentId: null,
    })),
  };
}

/** The request body of the values; an all-day event runs from local midnight to the midnight after its last day. */
export function eventBodyOf(v: EventValues, e: ScheduleEvent | null) {
  const startText = v.allDay ? `${v.start.slice(0, 10)} 00:00` : v.start;
  const endText = v.allDay ? `${v.end.slice(0, 10)} 00:00` : v.end;
  const endAt = v.allDay ? new Date(Date.parse(instant(endText)) + DAY).toISOString() : instant(endText);
  return {
    title: v.title.trim(),
    startAt: instant(startText),
    endAt,
    allDay: v.allDay,
    location: v.location,
    notes: v.notes,
    color: v.color,
    reminderMinutes: v.reminder,
    participantIds: v.people.map((p) => p.id),
    recurrence: v.freq
      ? {
          ...(e?.recurrence?.freq === v.freq ? e.recurrence : {}),
          freq: v.freq,
          interval: e?.recurrence?.interval ?? 1,
          monthEnd: e?.recurrence?.monthEnd ?? 'clamp',
          count: v.repeatEnd === 'count' ? v.count : undefined,
          until: v.repeatEnd === 'until' ? v.until : undefined,
        }
      : null,
  };
}
