// `npm run bench` (builds first): every benchmark, then bench/results.md + bench/results.json.
// BENCH_ONLY=bundle,a11y,lighthouse,api,offline,preview,flow,mail,people,meeting,reach,replay,search-write,pglite runs a
// subset (the other sections are kept from the last results.json); DIST_DIR points at another build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../tests/e2e/support/browser';
import { runA11y } from './a11y';
import { runApiLoad } from './api-load';
import { runBundleBudget } from './bundle-budget';
import { startBenchApp } from './lib/app';
import { statesTargetAndFloor, type Section } from './lib/section';
import { runLighthouse } from './lighthouse';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (name: string) => !only || only.includes(name);

/** Runs one benchmark; a crash becomes a failed section with the error, so the others still report. */
async function attempt(title: string, work: () => Promise<Section>): Promise<Section> {
  const started = Date.now();
  console.log(`▶ ${title}`);
  try {
    const section = await work();
    console.log(`  ${section.passed ? 'ok' : 'TARGET MISSED'} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    return section;
  } catch (error) {
    console.error(error);
    return {
      title,
      passed: false,
      data: { error: String(error) },
      lines: ['**Failed to run:**', '', '```', String((error as Error).stack ?? error), '```'],
    };
  }
}

/** A helper's bench module (bench/offline-*.ts, bench/flow-*.ts) that returns markdown lines, when it exists. */
async function external(title: string, file: string, exportName: string): Promise<Section> {
  const full = path.join(benchDir, file);
  if (!fs.existsSync(full))
    return { title, passed: true, data: { skipped: true }, lines: [`Skipped: bench/${file} does not exist yet.`] };
  const mod = (await import(full)) as Record<string, () => Promise<string[] | string>>;
  const answer = await mod[exportName]!();
  const lines = Array.isArray(answer) ? answer : String(answer).split('\n');
  // the report adds its own heading per section
  while (lines[0]?.startsWith('#') || lines[0] === '') lines.shift();
  // a helper's section reports a missed target as **missed** in its own lines
  return { title, passed: !lines.some((line) => line.includes('**missed**')), data: { lines }, lines };
}

async function main(): Promise<number> {
  const needsClient = wanted('bundle') || wanted('a11y') || wanted('lighthouse');
  if (needsClient && !fs.existsSync(path.join(distDir, 'index.html')))
    throw new Error(`${distDir}/index.html is missing: run \`npm run bench\` (it builds first)`);
  const sections: Section[] = [];
  const budget: Section[] = [];
  if (needsClient) {
    const { server, uid } = await startBenchApp(distDir);
    const browser = await launchChromium();
    try {
      if (wanted('bundle'))
        budget.push(
          await attempt('First-load JS budget', () => runBundleBudget(browser, server.baseUrl, distDir, uid)),
        );
      if (wanted('lighthouse'))
        sections.push(await attempt('Lighthouse (mobile)', () => runLighthouse(server.baseUrl, uid)));
      if (wanted('a11y'))
        sections.push(await attempt('Accessibility (axe-core, 360×640)', () => runA11y(browser, server.baseUrl, uid)));
    } finally {
      await browser.close();
      await server.close();
    }
  }
  if (wanted('api')) sections.push(await attempt('API load (autocannon)', runApiLoad));
  if (wanted('offline'))
    sections.push(
      await attempt('Offline first row', () =>
        external('Offline first row', 'offline-first-row.ts', 'runOfflineBench'),
      ),
    );
  if (wanted('preview'))
    sections.push(
      await attempt('Office file first page', () =>
        external('Office file first page', 'file-preview-first-page.ts', 'runFilePreviewBench'),
      ),
    );
  if (wanted('flow'))
    sections.push(
      await attempt('Flow engine load', () => external('Flow engine load', 'flow-load.ts', 'runFlowBench')),
    );
  if (wanted('mail'))
    sections.push(
      await attempt('Mail and news at scale', () =>
        external('Mail and news at scale', 'mail-news.ts', 'runMailNewsBench'),
      ),
    );
  if (wanted('people'))
    sections.push(
      await attempt('People search (通讯录)', () =>
        external('People search (通讯录)', 'people-search.ts', 'runPeopleSearchBench'),
      ),
    );
  if (wanted('meeting'))
    sections.push(
      await attempt('会议与日程', () => external('会议与日程', 'meeting-schedule.ts', 'runMeetingScheduleBench')),
    );
  if (wanted('reach'))
    sections.push(
      await attempt('Reminder reach (commit → push, receipt, escalation)', () =>
        external('Reminder reach (commit → push, receipt, escalation)', 'reminder-reach.ts', 'reminderReachLines'),
      ),
    );
  if (wanted('live'))
    sections.push(
      await attempt('Live streams at scale (1,000 at once)', () =>
        external('Live streams at scale (1,000 at once)', 'live-fanout.ts', 'runLiveFanout'),
      ),
    );
  if (wanted('replay'))
    sections.push(
      await attempt('Outbox replay (50 decisions, 100 ms round trip)', () =>
        external('Outbox replay (50 decisions, 100 ms round trip)', 'outbox-replay.ts', 'runOutboxReplayBench'),
      ),
    );
  // BENCH_ONLY=search: 1,000,000 requests and 1,000,000 mails on PostgreSQL (about a quarter of an hour to fill)
  if (wanted('search'))
    sections.push(
      await attempt('Search at a million rows (审批 and 邮件)', () =>
        external('Search at a million rows (审批 and 邮件)', 'search.ts', 'runSearchBench'),
      ),
    );
  if (wanted('search-write'))
    sections.push(
      await attempt('Search keys on write (one 审批 request)', () =>
        external('Search keys on write (one 审批 request)', 'search-write.ts', 'runSearchWriteBench'),
      ),
    );
  if (wanted('pglite'))
    sections.push(
      await attempt('PGlite mixed load (50 connections)', () =>
        external('PGlite mixed load (50 connections)', 'pglite-mixed-load.ts', 'runPgliteMixedLoad'),
      ),
    );

  // BENCH_ONLY=search-offline: the one search box offline over 5,000 cached records (issue 46 point 4)
  if (wanted('search-offline'))
    sections.push(
      await attempt('Offline search (5,000 cached records, 4× CPU)', () =>
        external('Offline search (5,000 cached records, 4× CPU)', 'search-offline.ts', 'runSearchOfflineBench'),
      ),
    );

  const all = [...budget, ...sections];
  writeResults(all);
  const failedBudget = budget.filter((s) => !s.passed);
  if (failedBudget.length)
    console.error('\n✖ BUNDLE BUDGET EXCEEDED — see bench/results.md for the largest chunks and modules.');
  const crashed = all.filter((s) => (s.data as { error?: string } | null)?.error);
  if (crashed.length) console.error(`\n✖ benchmarks that failed to run: ${crashed.map((s) => s.title).join(', ')}`);
  return failedBudget.length || crashed.length ? 1 : 0;
}

/**
 * A subset run (BENCH_ONLY) replaces its own sections and keeps the others from the last results.json, each with the
 * date it was measured, so the report always covers every benchmark.
 */
function mergeWithEarlier(fresh: Section[], date: string): Section[] {
  const stamped = fresh.map((s) => ({ ...s, ranAt: date }));
  if (!only) return stamped;
  const file = path.join(benchDir, 'results.json');
  if (!fs.existsSync(file)) return stamped;
  const earlier = JSON.parse(fs.readFileSync(file, 'utf8')) as { date: string; sections: Section[] };
  const merged = earlier.sections.map(
    (old) => stamped.find((s) => s.title === old.title) ?? { ...old, ranAt: old.ranAt ?? earlier.date },
  );
  return [...merged, ...stamped.filter((s) => !earlier.sections.some((old) => old.title === s.title))];
}

function writeResults(fresh: Section[]): void {
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
  const date = new Date().toISOString();
  const sections = mergeWithEarlier(fresh, date);
  const md = [
    '# Benchmark results',
    '',
    `- Date: ${date}`,
    `- Machine: ${machine.cpus} CPU (${machine.cpuModel}), ${machine.memoryGb} GB RAM, ${machine.platform}, Node ${machine.node}`,
    `- Re-run: \`npm run bench\` (builds, then \`tsx bench/run.ts\`; \`BENCH_ONLY=bundle,lighthouse,pglite\` for a subset)`,
    only
      ? `- This run: only ${only.join(', ')}; the other sections are kept from earlier runs (each section says when it ran)`
      : '- This run: every benchmark',
    process.env.DIST_DIR
      ? `- Client build measured: ${distDir} (DIST_DIR)`
      : '- Client build measured: dist/ (built by `npm run bench`)',
    '',
    'Every section states its target and its floor (the same measure without the work of the app); "**missed**" marks',
    'a target that was not met.',
    '',
    '| benchmark | target met | target and floor stated |',
    '| --- | --- | --- |',
    ...sections.map((s) => {
      const stated = statesTargetAndFloor(s.lines);
      const missing = [!stated.target && 'target', !stated.floor && 'floor'].filter(Boolean);
      return `| ${s.title} | ${s.passed ? 'yes' : '**missed**'} | ${missing.length ? `**no ${missing.join(', ')}**` : 'yes'} |`;
    }),
    '',
    ...sections.flatMap((s) => [`## ${s.title}`, '', `Measured ${s.ranAt}.`, '', ...s.lines, '']),
  ].join('\n');
  fs.writeFileSync(path.join(benchDir, 'results.md'), md);
  fs.writeFileSync(
    path.join(benchDir, 'results.json'),
    `${JSON.stringify({ date, machine, only: only ?? null, sections }, null, 2)}\n`,
  );
  console.log(`\nwrote bench/results.md and bench/results.json`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
