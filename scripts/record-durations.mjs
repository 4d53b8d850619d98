#!/usr/bin/env node
// Writes tests/durations.json from Vitest JSON reports (`npx vitest run --reporter=json --outputFile=report.json`):
// each test file's seconds, which tests/longest-first.ts uses to start the longest files first.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const reports = process.argv.slice(2);
if (!reports.length) {
  console.error('usage: node scripts/record-durations.mjs <vitest-report.json>...');
  process.exit(1);
}
const target = path.resolve(import.meta.dirname, '../tests/durations.json');
const seconds = JSON.parse(readFileSync(target, 'utf8')).seconds;
for (const report of reports) {
  for (const file of JSON.parse(readFileSync(report, 'utf8')).testResults) {
    const name = path
      .relative(path.resolve(import.meta.dirname, '..'), file.name)
      .split(path.sep)
      .join('/');
    seconds[name] = Math.round((file.endTime - file.startTime) / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(target, `${JSON.stringify({ seconds: sorted }, null, 2)}\n`);
console.log(`tests/durations.json: ${Object.keys(sorted).length} files`);
