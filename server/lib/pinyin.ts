import { pinyin } from 'pinyin-pro';

/** The 拼音 search keys of a name: full (张三 → zhangsan) and initials (zs); letters and digits kept as they are. */
export function namePinyin(name: string): { pinyin: string; pinyinInitials: string } {
  const clean = name.replace(/\s+/g, '');
  // surname mode reads a polyphonic family name the way names are read (曾 → zeng, 单 → shan)
  const syllables = pinyin(clean, { toneType: 'none', type: 'array', surname: 'head', nonZh: 'consecutive', v: true })
    .map((s) => s.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  return { pinyin: syllables.join(''), pinyinInitials: syllables.map((s) => s[0]).join('') };
}

/** True when a keyword can be a 拼音 search (ASCII letters only, as typed on a phone keyboard). */
export const isPinyinKeyword = (keyword: string): boolean => /^[a-z]+$/i.test(keyword);
