/** 1- and 2-character grams of each value (lower-cased): a GIN index over them serves 1–2 character searches. */
export function searchGrams(values: (string | null | undefined)[]): string[] {
  const grams = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    const chars = Array.from(value.toLowerCase().replace(/\s+/g, ''));
    chars.forEach((char, i) => {
      grams.add(char);
      if (i + 1 < chars.length) grams.add(char + chars[i + 1]);
    });
  }
  return [...grams];
}

/** The grams a keyword must all have: itself when 1 character, else its bigrams (recheck with ILIKE after). */
export function keywordGrams(keyword: string): string[] {
  const chars = Array.from(keyword.toLowerCase().replace(/\s+/g, ''));
  if (chars.length <= 1) return chars;
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i += 1) grams.add(chars[i] + chars[i + 1]);
  return [...grams];
}
