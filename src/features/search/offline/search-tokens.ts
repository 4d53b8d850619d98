import { pinyin } from 'pinyin-pro';

/*
 * The offline index's tokenizer. 汉字 have no spaces, so text is indexed as character bigrams (a keyword of n 汉字 is
 * the AND of its n-1 bigrams, then checked as a substring); a run's last character is a token of its own so a
 * one-character keyword finds it by prefix. Names and titles also get their 拼音: every suffix of the full 拼音 and of
 * the initials from each syllable on, so a prefix search finds `baoxiao` and `bx` anywhere in 张三的报销.
 */

const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}+/gu;
const LATIN_WORD = /[\p{L}\p{N}]+/gu;
/** 拼音 of a title or name is taken from its first characters: enough for what people type, bounded per record. */
const PINYIN_CHARS = 16;

export const hasHan = (text: string): boolean => HAN.test(text);

/** Lower case, spaces trimmed and collapsed: how keywords and indexed text are compared. */
export const normalise = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** Bigrams of every 汉字 run, plus each run's last character. */
export function hanTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const [run] of text.matchAll(HAN_RUN)) {
    for (let i = 0; i + 1 < run.length; i += 1) tokens.push(run.slice(i, i + 2));
    tokens.push(run.slice(-1));
  }
  return tokens;
}

/** Words of Latin letters and digits (lower case): OA, 2026, an English subject. */
export function wordTokens(text: string): string[] {
  return [...text.toLowerCase().replace(HAN_RUN, ' ').matchAll(LATIN_WORD)].map(([word]) => word);
}

/*
 * pinyin-pro's per-call work, not its lookup, was most of an index build, and names and titles share their
 * characters: a character is read once and kept. A polyphone (差 in 出差, 会 in 会计) needs its word to be read right,
 * so a text with one is read whole, as pinyin-pro reads it in context.
 */
interface Reading {
  syllable: string;
  polyphone: boolean;
}
const readings = new Map<string, Reading>();
const onlyLetters = (syllable: string) => (/^[a-z]+$/.test(syllable) ? syllable : '');

function readingOf(char: string): Reading {
  let reading = readings.get(char);
  if (!reading) {
    const all = pinyin(char, { toneType: 'none', v: true, multiple: true, type: 'array' });
    reading = {
      syllable: onlyLetters(pinyin(char, { toneType: 'none', v: true }).toLowerCase()),
      polyphone: new Set(all).size > 1,
    };
    readings.set(char, reading);
  }
  return reading;
}

function syllablesOf(chars: string[]): string[] {
  const each = chars.map(readingOf);
  if (!each.some((r) => r.polyphone)) return each.map((r) => r.syllable);
  const inContext = pinyin(chars.join(''), { toneType: 'none', v: true, type: 'array' });
  return inContext.length === chars.length
    ? inContext.map((s) => onlyLetters(s.toLowerCase()))
    : each.map((r) => r.syllable);
}

/** The suffixes of the full 拼音 and of the initials, from each 汉字 on, of a short text (a title, a name). */
export function pinyinTokens(text: string): string[] {
  const syllables = syllablesOf([...text.slice(0, PINYIN_CHARS)].filter((c) => HAN.test(c))).filter(Boolean);
  const tokens: string[] = [];
  let full = '';
  let initials = '';
  // built from the end: each suffix is the next syllable before the one already built
  for (let i = syllables.length - 1; i >= 0; i -= 1) {
    full = syllables[i] + full;
    initials = syllables[i]![0] + initials;
    tokens.push(full, initials);
  }
  return tokens;
}

/** How a keyword is looked up: 汉字 (bigrams, then a substring check), or letters (拼音 and words, by prefix). */
export interface KeywordPlan {
  keyword: string;
  han: string[];
  latin: string[];
}

export function planKeyword(raw: string): KeywordPlan {
  const keyword = normalise(raw);
  const han = hanTokens(keyword);
  // a two-or-more character run needs its bigrams only; its last-character token is for one-character keywords
  const runs = [...keyword.matchAll(HAN_RUN)].map(([run]) => run);
  const hanTerms = runs.flatMap((run) => (run.length === 1 ? [run] : hanTokens(run).filter((t) => t.length === 2)));
  return { keyword, han: han.length ? [...new Set(hanTerms)] : [], latin: wordTokens(keyword) };
}
