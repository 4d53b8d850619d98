/**
 * Dates in Chinese requests (明天, 后天, 下周一, 11月25日, 2026-11-25, 3天, 上午/下午), read relative to `now` in
 * Asia/Shanghai (UTC+8 all year: China has no daylight saving, so a fixed offset is exact).
 */
export interface FoundDates {
  start?: string;
  end?: string;
  days?: number;
  halfDay?: 'am' | 'pm';
}

const DAY_MS = 86_400_000;
const NUMERALS: Record<string, number> = {
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const WEEKDAYS: Record<string, number> = {
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  日: 7,
  天: 7,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
};
const RELATIVE: Record<string, number> = { 今天: 0, 今日: 0, 明天: 1, 明日: 1, 后天: 2, 大后天: 3 };

const MENTION =
  /(?<ymd>(?<y>\d{4})\s*[-/.年]\s*(?<m>\d{1,2})\s*[-/.月]\s*(?<d>\d{1,2})\s*[日号]?)|(?<md>(?<m2>\d{1,2})\s*月\s*(?<d2>\d{1,2})\s*[日号]?)|(?<rel>大后天|后天|明天|明日|今天|今日)|(?<week>(?<which>下下|下个|下|本|这个|这)?(?:周|星期|礼拜)(?<wd>[一二三四五六日天1-7]))/g;
const DAYS = /(?<n>\d+(?:\.\d+)?|[一二两三四五六七八九十]+|半)\s*(?:个)?(?:工作)?天(?<half>半)?/;

/** 一 → 1, 十 → 10, 十二 → 12, 二十 → 20; null for anything else. */
export function chineseNumber(text: string): number | null {
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text === '半') return 0.5;
  const ten = text.indexOf('十');
  if (ten < 0) return text.length === 1 && text in NUMERALS ? NUMERALS[text] : null;
  const tens = ten === 0 ? 1 : NUMERALS[text.slice(0, ten)];
  const ones = ten === text.length - 1 ? 0 : NUMERALS[text.slice(ten + 1)];
  return tens === undefined || ones === undefined ? null : tens * 10 + ones;
}

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A real calendar day as UTC midnight ms, or null (2月30日). */
function dayMs(y: number, m: number, d: number): number | null {
  const ms = Date.UTC(y, m - 1, d);
  const check = new Date(ms);
  return check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d ? ms : null;
}

/** The dates, day count and half day mentioned in `text`, for a request made at `now`. */
export function findDates(text: string, now: Date): FoundDates {
  const local = new Date(now.getTime() + 8 * 3600_000);
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const isoWeekday = ((local.getUTCDay() + 6) % 7) + 1;
  const found: number[] = [];
  for (const match of text.matchAll(MENTION)) {
    const g = match.groups!;
    let ms: number | null = null;
    if (g.ymd) ms = dayMs(Number(g.y), Number(g.m), Number(g.d));
    else if (g.md) {
      ms = dayMs(local.getUTCFullYear(), Number(g.m2), Number(g.d2));
      // 1月5日 said in November means next January; a date a few weeks back is a late request, kept as said
      if (ms !== null && ms < today - 60 * DAY_MS) ms = dayMs(local.getUTCFullYear() + 1, Number(g.m2), Number(g.d2));
    } else if (g.rel) ms = today + RELATIVE[g.rel] * DAY_MS;
    else if (g.week) {
      const target = WEEKDAYS[g.wd];
      const monday = today - (isoWeekday - 1) * DAY_MS;
      const weeks =
        g.which === '下下'
          ? 2
          : g.which === '下' || g.which === '下个'
            ? 1
            : g.which
              ? 0
              : target >= isoWeekday
                ? 0
                : 1;
      ms = monday + (weeks * 7 + target - 1) * DAY_MS;
    }
    if (ms !== null) found.push(ms);
  }
  const result: FoundDates = {};
  const daysMatch = text.match(DAYS);
  if (daysMatch?.groups) {
    const n = chineseNumber(daysMatch.groups.n);
    if (n !== null && n > 0 && n <= 365) result.days = n + (daysMatch.groups.half ? 0.5 : 0);
  }
  if (/上午/.test(text)) result.halfDay = 'am';
  else if (/下午/.test(text)) result.halfDay = 'pm';
  if (!found.length) return result;
  const start = found[0];
  let end = found.length > 1 && found[1] >= start ? found[1] : null;
  if (end === null) {
    if (result.days === undefined) result.days = result.halfDay ? 0.5 : 1;
    end = start + (Math.max(Math.ceil(result.days), 1) - 1) * DAY_MS;
  } else if (result.days === undefined) {
    result.days = (end - start) / DAY_MS + 1;
  }
  result.start = ymd(start);
  result.end = ymd(end);
  return result;
}
