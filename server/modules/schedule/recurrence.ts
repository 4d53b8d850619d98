import { dateKey, dayNumber, dayStart, parseDateKey, timeOfDay } from '../../lib/shanghai-time';
import { normaliseRule, ruleDays, type RuleInput } from './rule-days';

/*
 * Recurring events as the server stores them: a first occurrence, a rule, dates taken out, and per-occurrence
 * overrides (moved or retitled occurrences), each keyed by the occurrence's ORIGINAL local date so the key stays
 * stable when the occurrence moves. Times are epoch milliseconds; calendar days are Asia/Shanghai days.
 */

export interface OccurrenceOverride {
  startAt: number;
  endAt: number;
  title?: string;
  location?: string;
  notes?: string;
}

export interface Series {
  id: string;
  startAt: number; // first occurrence
  endAt: number;
  rule: RuleInput;
  exdates: string[]; // 'YYYY-MM-DD' original dates taken out of the series
  overrides: Record<string, OccurrenceOverride>;
}

export interface Occurrence {
  seriesId: string;
  occurrenceDate: string; // original local date, the key for edits of one occurrence
  index: number; // position in the series (what COUNT limits)
  startAt: number;
  endAt: number;
  override: OccurrenceOverride | null;
}

/** Occurrences overlapping the half-open window [from, to), sorted by start. */
export function expandSeries(series: Series, from: number, to: number): Occurrence[] {
  const duration = series.endAt - series.startAt;
  const clock = timeOfDay(series.startAt);
  const firstDay = dayNumber(series.startAt);
  const excluded = new Set(series.exdates);
  const out: Occurrence[] = [];
  // an occurrence overlaps when it starts before `to` and ends after `from`
  for (const { day, index } of ruleDays(series.rule, firstDay, dayNumber(from - duration), dayNumber(to - 1))) {
    const key = dateKey(day);
    if (excluded.has(key) || series.overrides[key]) continue;
    const startAt = dayStart(day) + clock;
    if (startAt < to && startAt + duration > from)
      out.push({ seriesId: series.id, occurrenceDate: key, index, startAt, endAt: startAt + duration, override: null });
  }
  // overrides may move an occurrence into the window from anywhere, so they are checked one by one (they are few)
  for (const [key, override] of Object.entries(series.overrides)) {
    if (excluded.has(key) || override.startAt >= to || override.endAt <= from) continue;
    const found = ruleDays(series.rule, firstDay, parseDateKey(key), parseDateKey(key))[0];
    if (found)
      out.push({
        seriesId: series.id,
        occurrenceDate: key,
        index: found.index,
        startAt: override.startAt,
        endAt: override.endAt,
        override,
      });
  }
  return out.sort((a, b) => a.startAt - b.startAt || a.seriesId.localeCompare(b.seriesId));
}

/** The occurrence of a series on its original local date, or null when the rule has none that day (or it was removed). */
export function findOccurrence(series: Series, occurrenceDate: string): Occurrence | null {
  const day = parseDateKey(occurrenceDate);
  const found = ruleDays(series.rule, dayNumber(series.startAt), day, day)[0];
  if (!found || series.exdates.includes(occurrenceDate)) return null;
  const startAt = dayStart(day) + timeOfDay(series.startAt);
  const override = series.overrides[occurrenceDate] ?? null;
  return {
    seriesId: series.id,
    occurrenceDate,
    index: found.index,
    startAt: override?.startAt ?? startAt,
    endAt: override?.endAt ?? startAt + (series.endAt - series.startAt),
    override,
  };
}

/**
 * "This and following" edit: the old series ends just before `occurrenceDate` (null when that is its first
 * occurrence, i.e. the whole series moves) and a new series with id `newId` starts there, taking over the
 * remaining COUNT and the exceptions from that date on. The caller then applies the user's changes to `after`.
 */
export function splitSeries(
  series: Series,
  occurrenceDate: string,
  newId: string,
): { before: Series | null; after: Series } {
  const firstDay = dayNumber(series.startAt);
  const day = parseDateKey(occurrenceDate);
  const found = ruleDays(series.rule, firstDay, day, day)[0];
  if (!found) throw new RangeError(`${occurrenceDate} is not an occurrence of series ${series.id}`);
  // pin weekday / month day so the new start (e.g. a clamped 28 Feb) does not change the pattern
  const rule = normaliseRule(series.rule, firstDay);
  const pick = (keep: (key: string) => boolean) => ({
    exdates: series.exdates.filter(keep),
    overrides: Object.fromEntries(Object.entries(series.overrides).filter(([key]) => keep(key))),
  });
  const startAt = dayStart(day) + timeOfDay(series.startAt);
  const after: Series = {
    id: newId,
    startAt,
    endAt: startAt + (series.endAt - series.startAt),
    rule: rule.count ? { ...rule, count: rule.count - found.index } : rule,
    ...pick((key) => key >= occurrenceDate),
  };
  if (found.index === 0) return { before: null, after };
  const before: Series = {
    ...series,
    rule: rule.count ? { ...rule, count: found.index } : { ...rule, until: dateKey(day - 1) },
    ...pick((key) => key < occurrenceDate),
  };
  return { before, after };
}
