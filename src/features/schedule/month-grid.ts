import type { ScheduleOccurrence } from '@contract/schedule';

/*
 * The month calendar of /schedule/index: 6 weeks × 7 days, Monday first as Chinese calendars print it, so the grid
 * never changes height when swiping between months. Days are Asia/Shanghai days whatever zone the phone is set to,
 * matching the server (fixed UTC+8, no DST), and are handled as 'YYYY-MM-DD' strings.
 */

const DAY = 86_400_000;
const OFFSET = 8 * 3_600_000;

export interface DayCell {
  date: string; // 'YYYY-MM-DD'
  day: number; // day of month
  inMonth: boolean;
  isToday: boolean;
  isSelected: boolean;
  isWeekend: boolean;
  markers: string[]; // colours of up to `maxMarkers` events touching the day
  count: number; // all events touching the day
}

export interface MonthGridInput {
  year: number;
  month: number; // 1-12
  today: string;
  selected: string | null;
  occurrences: Pick<ScheduleOccurrence, 'startAt' | 'endAt' | 'color'>[];
  maxMarkers?: number;
}

const dayNo = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
/** Shanghai day number of an instant given as ISO text or epoch ms. */
const shanghaiDay = (instant: string | number) =>
  Math.floor(((typeof instant === 'number' ? instant : Date.parse(instant)) + OFFSET) / DAY);

/** Today's date in Shanghai. */
export function shanghaiToday(now = Date.now()): string {
  return dateOf(shanghaiDay(now));
}

/** The month `delta` months away (swipe left +1, right -1). */
export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const m = year * 12 + (month - 1) + delta;
  return { year: Math.floor(m / 12), month: (((m % 12) + 12) % 12) + 1 };
}

/** First and last date shown in a month's grid: the range to ask the server for occurrences. */
export function gridRange(year: number, month: number): { from: string; to: string } {
  const first = Date.UTC(year, month - 1, 1) / DAY;
  const weekday = (new Date(first * DAY).getUTCDay() + 6) % 7; // Monday = 0
  return { from: dateOf(first - weekday), to: dateOf(first - weekday + 41) };
}

export function monthGrid({ year, month, today, selected, occurrences, maxMarkers = 3 }: MonthGridInput): DayCell[][] {
  const { from } = gridRange(year, month);
  const first = dayNo(from);
  const counts = new Array<number>(42).fill(0);
  const colours: string[][] = Array.from({ length: 42 }, () => []);
  for (const o of occurrences) {
    const start = shanghaiDay(o.startAt);
    const last = Math.max(start, shanghaiDay(Date.parse(o.endAt) - 1)); // end is exclusive: 00:00 belongs to the day before
    for (let d = Math.max(start, first); d <= Math.min(last, first + 41); d++) {
      const i = d - first;
      counts[i]++;
      if (colours[i].length < maxMarkers) colours[i].push(o.color);
    }
  }
  const prefix = `${year}-${String(month).padStart(2, '0')}-`;
  return Array.from({ length: 6 }, (_, w) =>
    Array.from({ length: 7 }, (_, c) => {
      const i = w * 7 + c;
      const date = dateOf(first + i);
      return {
        date,
        day: Number(date.slice(8)),
        inMonth: date.startsWith(prefix),
        isToday: date === today,
        isSelected: date === selected,
        isWeekend: c >= 5,
        markers: colours[i],
        count: counts[i],
      };
    }),
  );
}

/** The chosen day's agenda: events touching that Shanghai day, all-day first, then by start. */
export function dayAgenda<T extends Pick<ScheduleOccurrence, 'startAt' | 'endAt' | 'allDay'>>(
  occurrences: T[],
  date: string,
): T[] {
  const day = dayNo(date);
  return occurrences
    .filter((o) => shanghaiDay(o.startAt) <= day && shanghaiDay(Date.parse(o.endAt) - 1) >= day)
    .sort((a, b) => Number(b.allDay) - Number(a.allDay) || Date.parse(a.startAt) - Date.parse(b.startAt));
}
