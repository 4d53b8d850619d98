/** One part of the bench report: markdown lines, raw data for results.json, and whether its targets were met. */
export interface Section {
  title: string;
  lines: string[];
  data: unknown;
  /** false when a budget/target this section enforces was missed (the bench exits non-zero) */
  passed: boolean;
  /** targets that are recorded but do not fail the run (e.g. Lighthouse on a shared VM) */
  notes?: string[];
  /** when this section was measured (a BENCH_ONLY run keeps the other sections from earlier runs) */
  ranAt?: string;
}

/** A markdown table from a header row and data rows. */
export function table(header: string[], rows: (string | number)[][]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : 'n/a');
/** The middle value (the upper one of an even count): what a benchmark reports over its runs. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Whether a section states its target (a sentence with "Target") and its floor (a line or table row that
 * names the floor: what the same measure gives with the app's own work taken out). The report lists sections that
 * state neither, so that a figure never stands without what it is judged against.
 */
export function statesTargetAndFloor(lines: string[]): { target: boolean; floor: boolean } {
  return {
    target: lines.some((line) => /\bTargets?\b/.test(line)),
    floor: lines.some((line) => /\bfloor\b/i.test(line)),
  };
}
