import type { RecurrenceRule } from '@contract/schedule';
import { dayFromYmd, daysInMonth, isoWeekday, parseDateKey, ymd } from '../../lib/shanghai-time';

/** A rule as callers may write it; `normaliseRule` fills the defaults the contract schema would. */
export type RuleInput = Pick<RecurrenceRule, 'freq'> & Partial<RecurrenceRule>;

export interface RuleDay {
  day: number; // local day number
  index: number; // position in the series counting every generated occurrence (what COUNT limits)
}

/** Fixes the defaults that depend on the first occurrence, so a rule survives moving its start (series split). */
export function normaliseRule(rule: RuleInput, firstDay: number): RecurrenceRule {
  const out: RecurrenceRule = { interval: 1, monthEnd: 'clamp', ...rule };
  if (out.freq === 'weekly') out.byDay = [...new Set(out.byDay ?? [isoWeekday(firstDay)])].sort((a, b) => a - b);
  if (out.freq === 'monthly') out.byMonthDay = out.byMonthDay ?? ymd(firstDay).date;
  return out;
}

/**
 * Days in [fromDay, toDay] on which the series starting on `firstDay` has an occurrence. Jumps straight to the
 * period containing `fromDay`, so a month view of a five-year-old daily series costs about thirty steps.
 */
export function ruleDays(input: RuleInput, firstDay: number, fromDay: number, toDay: number): RuleDay[] {
  const rule = normaliseRule(input, firstDay);
  const last = Math.min(toDay, rule.until ? parseDateKey(rule.until) : Infinity);
  const count = rule.count ?? Infinity;
  const from = Math.max(fromDay, firstDay);
  if (from > last) return [];
  if (rule.freq === 'daily') return dailyDays(firstDay, rule.interval, count, from, last);
  if (rule.freq === 'weekly') return weeklyDays(firstDay, rule.interval, rule.byDay!, count, from, last);
  return monthlyDays(firstDay, rule, count, from, last);
}

function dailyDays(first: number, iv: number, count: number, from: number, last: number): RuleDay[] {
  const out: RuleDay[] = [];
  for (let k = Math.ceil((from - first) / iv); k < count; k++) {
    const day = first + k * iv;
    if (day > last) break;
    out.push({ day, index: k });
  }
  return out;
}

function weeklyDays(first: number, iv: number, byDay: number[], count: number, from: number, last: number): RuleDay[] {
  const monday0 = first - (isoWeekday(first) - 1);
  const inFirstWeek = byDay.filter((wd) => monday0 + wd - 1 >= first).length;
  const out: RuleDay[] = [];
  for (let p = Math.floor((from - monday0) / (7 * iv)); ; p++) {
    const monday = monday0 + p * 7 * iv;
    if (monday > last) break;
    let j = 0;
    for (const wd of byDay) {
      const day = monday + wd - 1;
      if (day < first) continue;
      const index = p === 0 ? j : inFirstWeek + (p - 1) * byDay.length + j;
      j++;
      if (index >= count) return out;
      if (day >= from && day <= last) out.push({ day, index });
    }
  }
  return out;
}

function monthlyDays(first: number, rule: RecurrenceRule, count: number, from: number, last: number): RuleDay[] {
  const { year, month } = ymd(first);
  const month0 = year * 12 + month - 1;
  const iv = rule.interval;
  const target = rule.byMonthDay!;
  // With 'skip' some months generate nothing, so the index of a later month needs a walk from the start (a few
  // hundred months at most); with 'clamp' every month but possibly the first generates one, so we jump.
  const jump = rule.monthEnd === 'clamp' ? Math.max(0, Math.floor((monthIndex(from) - month0) / iv) - 1) : 0;
  const firstMonthBeforeStart = Math.min(target, daysInMonth(year, month)) < ymd(first).date;
  const startP = jump;
  let index = jump === 0 ? 0 : jump - (firstMonthBeforeStart ? 1 : 0);
  const out: RuleDay[] = [];
  for (let p = startP; ; p++) {
    const m = month0 + p * iv;
    const y = Math.floor(m / 12);
    const mo = (m % 12) + 1;
    const dim = daysInMonth(y, mo);
    if (dayFromYmd(y, mo, 1) > last) break;
    if (target > dim && rule.monthEnd === 'skip') continue;
    const day = dayFromYmd(y, mo, Math.min(target, dim));
    if (day < first) continue;
    const i = index++;
    if (i >= count) break;
    if (day >= from && day <= last) out.push({ day, index: i });
  }
  return out;
}

function monthIndex(day: number): number {
  const { year, month } = ymd(day);
  return year * 12 + month - 1;
}
