import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 29: zod validates on the server only. It once reached the browser through contract files that mixed schemas
// with the labels pages import (a 24.4 KB gzip chunk on every 会议/日程 page); the source rule is
// tests/unit/lib/contract-zod-free.test.ts, this checks what the build really ships. The first-load size of /phonehome
// is held by tests/e2e/bundle-ratchet.test.ts (no growth) and measured against issue 29's 150 KB target by the bundle
// bench (bench/bundle-budget.ts), which reports the miss with the floor beside it.

/**
 * zod names its classes through string literals ($constructor("$ZodType", …), "ZodError"), which survive
 * minification: a file holding one holds zod's core.
 */
const ZOD_MARKER = /["'`]\$?Zod(?:Error|Type)["'`]/;

const DIST = path.resolve('dist');

function jsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? jsFiles(full) : entry.name.endsWith('.js') ? [full] : [];
  });
}

describe('the built client carries no zod', () => {
  it('the marker is in the installed zod, so the scan below can find it', () => {
    const core = path.dirname(createRequire(import.meta.url).resolve('zod/v4/core'));
    const marked = jsFiles(core).filter((file) => ZOD_MARKER.test(fs.readFileSync(file, 'utf8')));
    expect(
      marked.length,
      `no file of ${core} matches ${ZOD_MARKER}: pick a marker the new zod still has`,
    ).toBeGreaterThan(0);
  });

  it('no JavaScript file of dist/ (app, login script, service worker) contains zod', () => {
    const files = jsFiles(DIST);
    expect(
      files.some((file) => /static\/js\/index\.[0-9a-f]+\.js$/.test(file)),
      'dist/ holds the app entry',
    ).toBe(true);
    expect(files).toContain(path.join(DIST, 'service-worker.js'));
    const withZod = files
      .filter((file) => ZOD_MARKER.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(DIST, file));
    expect(withZod, 'client chunks holding zod: a page imports a zod value (see docs/adding-a-module.md §2)').toEqual(
      [],
    );
  });
});
