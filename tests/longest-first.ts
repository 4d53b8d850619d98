import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { readFileSync } from 'node:fs';

// read, not imported: Vite's native config loader (Node's own loader) refuses a JSON import without attributes
const recorded = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8')) as {
  seconds: Record<string, number>;
};
const seconds = recorded.seconds;

/**
 * Longest files first, so the last file of a project is a short one and no core waits for a long file that started
 * late. Vitest orders by the durations of the last run on this machine, and on a clean clone (CI) by file size: that
 * put a11y (43 lines, a minute of axe runs) last among the browser files, and a core idled for half a minute. Here the
 * durations recorded in tests/durations.json (`node scripts/record-durations.mjs <vitest json report>`) order the
 * files; one it does not know yet goes first, as Vitest does with a file it never ran. Groups and projects keep
 * Vitest's order.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const order = await super.sort(files);
    const block = (spec: TestSpecification) => `${spec.project.config.sequence.groupOrder}:${spec.project.name}`;
    const known = (spec: TestSpecification) =>
      seconds[path.relative(this.ctx.config.root, spec.moduleId).split(path.sep).join('/')] ?? Infinity;
    const position = new Map(order.map((spec, index) => [spec, index]));
    const firstOfBlock = new Map<string, number>();
    for (const spec of order) if (!firstOfBlock.has(block(spec))) firstOfBlock.set(block(spec), position.get(spec)!);
    return [...order].sort(
      (a, b) =>
        firstOfBlock.get(block(a))! - firstOfBlock.get(block(b))! ||
        known(b) - known(a) ||
        position.get(a)! - position.get(b)!,
    );
  }
}
