/**
 * Plain field rules that a form in the browser and the server's zod schema both read, so both refuse the same text
 * with the same words. Zod-free: the client imports this file. Lengths count UTF-16 units, as zod's `.max` does.
 */
export interface TextRule {
  /** the message for an empty (blank) text; absent when the field may stay empty */
  required?: string;
  max: number;
  tooLong: string;
  /** what a filled-in text must match (checked on the trimmed text), and the message when it does not */
  pattern?: RegExp;
  invalid?: string;
}

/** The first problem of a text under its rule, or null. Blank text counts as empty, as the server trims it. */
export function textProblem(rule: TextRule, value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return rule.required ?? null;
  if (text.length > rule.max) return rule.tooLong;
  return rule.pattern && !rule.pattern.test(text) ? (rule.invalid ?? rule.tooLong) : null;
}
