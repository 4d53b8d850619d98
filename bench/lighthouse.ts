import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { launchDebugChromium } from './lib/debug-chromium';
import { kb, ms, table, type Section } from './lib/section';
import { serveOneLine } from './lib/static-floor';

const TARGET_SCORE = 95;
const TARGET_LCP_MS = 1500;
const RUNS = 3;

interface LighthouseRow {
  page: string;
  finalUrl: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  jsTransferBytes: number;
  /** scores of every run; the row is the median run */
  runScores?: number[];
}

type Audits = Record<
  string,
  { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }
>;

function jsTransferred(audits: Audits): number {
  const summary = audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
  if (summary?.transferSize !== undefined) return summary.transferSize;
  const requests = audits['network-requests']?.details?.items ?? [];
  return requests.filter((i) => i.resourceType === 'Script').reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
}

/** Sets the session token in the origin's localStorage from a page that does not start the app (no worker, no cache). */
async function seedUid(port: number, baseUrl: string, uid: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate((token) => localStorage.setItem('oa.uid', token), uid);
    await page.close();
  } finally {
    await browser.close(); // over CDP this disconnects; Chromium and its default profile stay
  }
}

async function audit(baseUrl: string, path: string, uid: string | null): Promise<LighthouseRow> {
  return auditUrl(`${baseUrl}${path}`, path, uid);
}

async function auditUrl(url: string, path: string, uid: string | null): Promise<LighthouseRow> {
  const baseUrl = new URL(url).origin;
  // a fresh Chromium per page: nothing cached or registered by the previous run
  const chrome = await launchDebugChromium();
  try {
    if (uid) await seedUid(chrome.port, baseUrl, uid);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // the logged-in run keeps the uid we just stored; Lighthouse would otherwise clear the origin first
      disableStorageReset: Boolean(uid),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { lhr } = result;
    const audits = lhr.audits as unknown as Audits;
    return {
      page: path,
      finalUrl: new URL(lhr.finalDisplayedUrl).pathname,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
      jsTransferBytes: jsTransferred(audits),
    };
  } finally {
    await chrome.close();
  }
}

/** RUNS audits of a page; the row of the median run (by score, then LCP), as one Lighthouse run swings by several points. */
async function medianAudit(
  baseUrl: string,
  path: string,
  uid: string | null,
  run: typeof audit = audit,
): Promise<LighthouseRow> {
  const runs: LighthouseRow[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await run(baseUrl, path, uid));
  const sorted = [...runs].sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  return { ...sorted[Math.floor(sorted.length / 2)]!, runScores: runs.map((r) => r.score) };
}

/** Lighthouse 12 (mobile preset: emulated phone, simulated slow 4G and 4× CPU) on /login and a logged-in /phonehome. */
export async function runLighthouse(baseUrl: string, uid: string): Promise<Section> {
  const rows = [await medianAudit(baseUrl, '/login', null), await medianAudit(baseUrl, '/phonehome', uid)];
  // the floor: the same audit of a one-line static page (no script) on loopback, what no page of the app can beat
  const line = await serveOneLine();
  const floor = await medianAudit(line.url, '', null, (url) =>
    auditUrl(url, 'floor: one-line static page', null),
  ).finally(() => line.close());
  const met = (r: LighthouseRow) => r.score >= TARGET_SCORE && r.lcpMs <= TARGET_LCP_MS;
  return {
    title: 'Lighthouse (mobile)',
    passed: rows.every(met),
    data: { rows, floor },
    lines: [
      `Targets: performance score ≥ ${TARGET_SCORE}, LCP ≤ ${TARGET_LCP_MS} ms. Lighthouse's default mobile preset (Moto G Power`,
      'emulation, simulated throttling: 150 ms RTT, 1.6 Mbps, 4× CPU slowdown), Debian Chromium, server on PGlite on this machine.',
      `Each page is audited ${RUNS} times in a fresh Chromium; the row is the median run (by score, then LCP).`,
      '',
      ...table(
        [
          'page',
          'ended on',
          'score',
          'scores of the runs',
          'LCP ms',
          'TBT ms',
          'CLS',
          'FCP ms',
          'JS transferred KB',
          'target met',
        ],
        [...rows, floor].map((r) => [
          r.page,
          r.finalUrl,
          r.score,
          (r.runScores ?? []).join(', '),
          ms(r.lcpMs),
          ms(r.tbtMs),
          r.cls.toFixed(3),
          ms(r.fcpMs),
          kb(r.jsTransferBytes),
          r === floor ? '(floor)' : met(r) ? 'yes' : '**missed**',
        ]),
      ),
      '',
      `Floor: a one-line static HTML page (no script) served from loopback, audited the same way: score ${floor.score},`,
      `LCP ${ms(floor.lcpMs)} ms. What the app's pages have above it is theirs; under it is Lighthouse's simulated phone.`,
      rows.every(met)
        ? `Targets (score ≥ ${TARGET_SCORE}, LCP ≤ ${TARGET_LCP_MS} ms): met on both pages.`
        : `Targets (score ≥ ${TARGET_SCORE}, LCP ≤ ${TARGET_LCP_MS} ms): **missed** on ${rows
            .filter((r) => !met(r))
            .map((r) => r.page)
            .join(', ')}.`,
    ],
  };
}
