// Issue 46 point 4: the one search box offline, over 5,000 records cached on a phone. The app's own code (the cache
// reader, the tokenizer and the MiniSearch index of src/features/search/offline/, bundled by esbuild as it is) runs in
// Chromium at 360×640 with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate). Target: p95 ≤ 100 ms per search.
// Standalone: `npx tsx bench/search-offline.ts`; in the report: `BENCH_ONLY=search-offline npx tsx bench/run.ts`.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { PHONE, launchChromium } from '../tests/e2e/support/browser';
import { benchCache, COUNTS, QUERIES, RECORDS } from './lib/search-offline-data';
import { table } from './lib/section';

const RUNS = 5;
/** each query is timed this many times per run: 36 queries × 3 = 108 samples per run's p95 */
const ROUNDS = 3;
const SLOWDOWN = 4;
const TARGET_MS = 100;
const ORIGIN = 'http://bench.local/';
const benchDir = path.dirname(fileURLToPath(import.meta.url));

interface RunResult {
  buildMs: number;
  size: number;
  /** documents indexed: a list row and its cached detail are two, with one record key */
  docs: number;
  chars: number;
  /** per query: total hits the index found, and the plain-includes count */
  found: number[];
  /** per query: records whose text contains the keyword as typed (no 拼音) */
  floorFound: number[];
  searchMs: number[][];
  floorMs: number[][];
}

/**
 * Page-side code as source text (tsx would wrap named functions in a `__name` helper the page lacks). Each run builds
 * the index from a freshly filled query cache, as the first offline search does, then times every query.
 */
const MEASURE = `(() => {
  const B = window.offlineSearchBench;
  const data = window.__benchData;
  const client = new B.QueryClient();
  for (const [key, value] of data.cache) client.setQueryData(key, value);
  const started = performance.now();
  // as the app's first offline search: every cached query's records, one source each
  const index = B.createOfflineIndex();
  const records = [];
  for (const [source, found] of B.cachedSources(client)) {
    index.set(source, found);
    records.push(...found);
  }
  const buildMs = performance.now() - started;
  const texts = records.map((r) => r.text.toLowerCase());
  const found = data.queries.map((q) => index.search(q.keyword).groups.reduce((n, g) => n + g.total, 0));
  const searchMs = data.queries.map(() => []);
  const floorMs = data.queries.map(() => []);
  const floorFound = data.queries.map(() => 0);
  for (let round = 0; round < data.rounds; round++) {
    data.queries.forEach((q, i) => {
      let at = performance.now();
      index.search(q.keyword);
      searchMs[i].push(performance.now() - at);
      at = performance.now();
      let n = 0;
      for (const text of texts) if (text.includes(q.keyword)) n++;
      floorMs[i].push(performance.now() - at);
      floorFound[i] = n;
    });
  }
  return { buildMs, size: index.size, docs: records.length, chars: texts.reduce((n, t) => n + t.length, 0), found, floorFound, searchMs, floorMs };
})()`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const median = (values: number[]) => percentile(values, 50);
const fixed = (value: number) => value.toFixed(1);
const sumOf = (counts: number[], kind: string) =>
  counts.reduce((sum, n, i) => sum + (QUERIES[i]!.kind === kind ? n : 0), 0);

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(benchDir, 'lib/search-offline-entry.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'offlineSearchBench',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    tsconfig: path.join(benchDir, '../tsconfig.src.json'),
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

async function measure(): Promise<RunResult[]> {
  const code = await bundle();
  const data = { cache: benchCache(), queries: QUERIES, rounds: ROUNDS };
  const browser = await launchChromium();
  try {
    const runs: RunResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      // a fresh page per run: its own heap and JIT, as a search after the app was opened again
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      await page.route(`${ORIGIN}**`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><meta charset="utf-8"><title>搜索</title>' }),
      );
      await page.goto(ORIGIN);
      await page.addScriptTag({ content: code });
      await page.evaluate(`window.__benchData = ${JSON.stringify(data)}`);
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
      runs.push((await page.evaluate(MEASURE)) as RunResult);
      await context.close();
    }
    return runs;
  } finally {
    await browser.close();
  }
}

/** Markdown lines for bench/results.md (a missed target reads **missed**, which fails the run). */
export async function runSearchOfflineBench(): Promise<string[]> {
  const runs = await measure();
  const first = runs[0]!;
  // an index that holds fewer records, or a query that finds nothing, would be fast for the wrong reason
  if (runs.some((r) => r.size !== RECORDS))
    throw new Error(`indexed ${runs.map((r) => r.size)} records, not ${RECORDS}`);
  const empty = QUERIES.filter((_, i) => !first.found[i]);
  if (empty.length) throw new Error(`queries that found nothing: ${empty.map((q) => q.keyword).join(', ')}`);

  const p95Of = (pick: (r: RunResult) => number[][], only?: string) =>
    runs.map((r) =>
      percentile(
        pick(r).flatMap((s, i) => (!only || QUERIES[i]!.kind === only ? s : [])),
        95,
      ),
    );
  const search = p95Of((r) => r.searchMs);
  const floor = p95Of((r) => r.floorMs);
  const kinds = ['汉字', '全拼', '首字母'] as const;
  const p95 = median(search);
  const met = p95 <= TARGET_MS;
  const counts = Object.entries(COUNTS)
    .map(([module, n]) => `${module} ${n.toLocaleString()}`)
    .join(', ');
  return [
    `${first.size.toLocaleString()} distinct records indexed (checked on every run: ${counts}), in ${first.docs.toLocaleString()} documents (300 审批 details with their form values and 30 mails with bodies beside their list rows), ${(first.chars / 1000).toFixed(0)}k characters of searchable text, from a query cache filled under the keys the screens read. Chromium at 360×640 with the CPU slowed ${SLOWDOWN}×; the app's offline search code (cache reader, tokenizer, MiniSearch index) bundled from src/ by esbuild. ${RUNS} runs, each a fresh page that builds the index and then times ${QUERIES.length} queries (${kinds.map((k) => `${QUERIES.filter((q) => q.kind === k).length} ${k}`).join(', ')}, each found something) ${ROUNDS} times; figures are the median over the runs of each run's p95.`,
    '',
    `Target: p95 ≤ ${TARGET_MS} ms per search (the grouped answer the page shows).`,
    '',
    ...table(
      ['measure', 'p95 (ms, median of runs)', 'p95 of each run', 'target'],
      [
        ['offline search, every query', fixed(p95), search.map(fixed).join(' / '), met ? 'met' : '**missed**'],
        ...kinds.map((kind) => {
          const values = p95Of((r) => r.searchMs, kind);
          return [`offline search, ${kind}`, fixed(median(values)), values.map(fixed).join(' / '), ''];
        }),
        ['floor: String.includes over every document', fixed(median(floor)), floor.map(fixed).join(' / '), ''],
      ],
    ),
    '',
    `Index build (cache read + tokenizing + MiniSearch, the first offline search of a session): median ${fixed(median(runs.map((r) => r.buildMs)))} ms (${runs.map((r) => fixed(r.buildMs)).join(' / ')}).`,
    '',
    // a cross-check of what was measured: for 汉字 both find substrings (the index counts a row and its detail once)
    `汉字 queries found ${sumOf(first.found, '汉字').toLocaleString()} records through the index, ${sumOf(first.floorFound, '汉字').toLocaleString()} documents through \`String.includes\`; 拼音 queries ${(sumOf(first.found, '全拼') + sumOf(first.found, '首字母')).toLocaleString()} records (includes finds no 拼音).`,
    '',
    `Floor (the same loop of plain \`String.includes\` over the ${first.docs.toLocaleString()} documents' text, which finds 汉字 substrings but no 拼音): p95 ${fixed(median(floor))} ms.`,
    '',
    `Load average (1 min) at the end: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs.`,
    '',
    met
      ? `Target p95 ≤ ${TARGET_MS} ms: met (${fixed(p95)} ms).`
      : `Target p95 ≤ ${TARGET_MS} ms: **missed** (${fixed(p95)} ms).`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runSearchOfflineBench().then(
    (lines) => console.log(lines.join('\n')),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
