import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { api, loginAs, startTestServer } from '../tests/factories/test-server';
import { CHROMIUM_ARGS, PHONE, launchChromium } from '../tests/e2e/support/browser';
import { measureStaticFloor } from './lib/static-floor';

/*
 * Time from navigation start to the first cached list row on screen (the home page's 消息提醒 rows), in Chromium:
 * a first visit (no worker, no cache); an installed app reloaded in a running browser, online and offline; and an
 * installed app started cold (the browser restarted on the same profile, as a phone reopens the app from its home
 * screen), online and offline, also with the CPU slowed 4× (a mid-range phone).
 */
const ROW = '.home-message';
const RUNS = 5;
const MESSAGES = 5;
const LAST_TITLE = `基准测试消息 ${MESSAGES}`;
/** The goal for every scenario (issue 48): the first row on screen within a second, median of the runs. */
const TARGET_MS = 1000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/*
 * Page-side code is passed as source text: tsx (esbuild keepNames) would wrap named functions in a `__name` helper
 * that does not exist in the page.
 */
/** Installed in every page: records performance.now() (ms since navigation start) when the first row appears. */
const WATCH_FIRST_ROW = `(() => {
  const check = function () {
    if (window.__firstRowAt === undefined && document.querySelector(${JSON.stringify(ROW)})) window.__firstRowAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})()`;

async function timeFirstRow(page: Page, url: string, cpuSlowdown = 1): Promise<number> {
  if (cpuSlowdown > 1)
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await page.goto(url);
  await page.waitForSelector(ROW, { timeout: 30_000 });
  return page.evaluate<number>('window.__firstRowAt');
}

/** True once the session's persisted cache holds `text` (the rows the offline runs must find). */
async function cacheHolds(page: Page, uid: string, text: string): Promise<boolean> {
  return page.evaluate(`new Promise(function (resolve) {
    const open = indexedDB.open('oa-query-cache');
    open.onerror = function () { resolve(false); };
    open.onsuccess = function () {
      const db = open.result;
      if (!db.objectStoreNames.contains('clients')) return resolve(false);
      const get = db.transaction('clients').objectStore('clients').get(${JSON.stringify(`oa-query-cache:${uid}`)});
      get.onsuccess = function () { resolve(JSON.stringify(get.result || '').includes(${JSON.stringify(text)})); };
      get.onerror = function () { resolve(false); };
    };
  })`);
}

async function loggedInContext(newContext: () => Promise<BrowserContext>, uid: string) {
  const context = await newContext();
  await context.addInitScript((value) => localStorage.setItem('oa.uid', value), uid);
  await context.addInitScript(WATCH_FIRST_ROW);
  return context;
}

/** The installed app opened in a freshly started browser on the same profile (worker and IndexedDB on disk). */
async function coldStart(
  profile: string,
  uid: string,
  url: string,
  options: { offline: boolean; cpuSlowdown: number },
): Promise<number> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    ...PHONE,
  });
  try {
    await context.addInitScript((value) => localStorage.setItem('oa.uid', value), uid);
    await context.addInitScript(WATCH_FIRST_ROW);
    if (options.offline) await context.setOffline(true);
    const page = context.pages()[0] ?? (await context.newPage());
    return await timeFirstRow(page, url, options.cpuSlowdown);
  } finally {
    await context.close();
  }
}

/** Installs the app in a browser profile on disk: signed in, worker in control, the rows in the persisted cache. */
async function installInProfile(profile: string, uid: string, url: string): Promise<void> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    ...PHONE,
  });
  try {
    await context.addInitScript((value) => localStorage.setItem('oa.uid', value), uid);
    await context.addInitScript(WATCH_FIRST_ROW);
    const page = context.pages()[0] ?? (await context.newPage());
    await timeFirstRow(page, url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 180_000 });
    for (let i = 0; i < 100 && !(await cacheHolds(page, uid, LAST_TITLE)); i++) await page.waitForTimeout(100);
    if (!(await cacheHolds(page, uid, LAST_TITLE)))
      throw new Error('the persisted cache never held the messages: the cold-start runs would measure nothing');
  } finally {
    await context.close();
  }
}

/** Runs the benchmark against dist/ (run `npm run build` first); returns markdown lines for bench/results.md. */
export async function runOfflineBench(): Promise<string[]> {
  if (!existsSync('dist/index.html'))
    return ['## Offline first row', '', 'skipped: dist/ is missing (run `npm run build`).'];
  const server = await startTestServer({ driver: 'pglite', staticDir: 'dist' });
  const browser = await launchChromium();
  try {
    const admin = api(server.baseUrl, await loginAs(server.baseUrl, 'admin', 'admin123'));
    const uid = await loginAs(server.baseUrl, 'zhangsan', '123456');
    const me = await api(server.baseUrl, uid).get<{ userVo: { id: string } }>('/api/upms/user/current');
    for (let i = 1; i <= MESSAGES; i++) {
      await admin.post('/api/upms/message/send', {
        title: `基准测试消息 ${i}`,
        receiverIds: [me.body.data.userVo.id],
        channels: ['app'],
      });
    }
    const home = `${server.baseUrl}/phonehome`;
    const cold: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await loggedInContext(() => browser.newContext(PHONE), uid);
      cold.push(await timeFirstRow(await context.newPage(), home));
      await context.close();
    }

    const context = await loggedInContext(() => browser.newContext(PHONE), uid);
    const page = await context.newPage();
    await timeFirstRow(page, home);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 180_000 });
    for (let i = 0; i < 100 && !(await cacheHolds(page, uid, LAST_TITLE)); i++) await page.waitForTimeout(100);
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) warm.push(await timeFirstRow(page, home));
    await context.setOffline(true);
    const offline: number[] = [];
    for (let i = 0; i < RUNS; i++) offline.push(await timeFirstRow(page, home));
    await context.close();

    const profile = await mkdtemp(path.join(os.tmpdir(), 'oa-bench-profile-'));
    const coldRuns: Record<string, number[]> = { online: [], offline: [], online4x: [], offline4x: [] };
    try {
      await installInProfile(profile, uid, home);
      for (let i = 0; i < RUNS; i++) {
        coldRuns.online!.push(await coldStart(profile, uid, home, { offline: false, cpuSlowdown: 1 }));
        coldRuns.offline!.push(await coldStart(profile, uid, home, { offline: true, cpuSlowdown: 1 }));
        coldRuns.online4x!.push(await coldStart(profile, uid, home, { offline: false, cpuSlowdown: 4 }));
        coldRuns.offline4x!.push(await coldStart(profile, uid, home, { offline: true, cpuSlowdown: 4 }));
      }
    } finally {
      await rm(profile, { recursive: true, force: true });
    }

    const floor = await measureStaticFloor(browser, RUNS);
    const rows: [string, number[], number[]][] = [
      ['online, first visit (no worker, no cache)', cold, floor.firstVisit],
      ['online, installed (worker + IndexedDB cache)', warm, floor.reload],
      ['offline, installed (worker + IndexedDB cache)', offline, floor.reload],
      ['online, installed, cold start (browser restarted)', coldRuns.online!, floor.coldStart],
      ['offline, installed, cold start (browser restarted)', coldRuns.offline!, floor.coldStart],
      ['online, installed, cold start, CPU 4× slower', coldRuns.online4x!, floor.coldStart4x],
      ['offline, installed, cold start, CPU 4× slower', coldRuns.offline4x!, floor.coldStart4x],
    ];
    const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
    const missed = rows.filter(([, xs]) => median(xs) > TARGET_MS);
    return [
      '## Offline first row',
      '',
      `Navigation start → first 消息提醒 row rendered on /phonehome, Chromium at 360×640, median of ${RUNS} runs (ms).`,
      `Target: first row within ${TARGET_MS} ms (median) in every scenario.`,
      'Floor: the same clock on a one-line static HTML page (no script) from loopback, in the same browser state (the',
      'offline rows take the online floor: a page without a worker cannot open offline).',
      '',
      '| scenario | median | range | floor median | floor range | target |',
      '| --- | ---: | --- | ---: | --- | --- |',
      ...rows.map(
        ([name, xs, base]) =>
          `| ${name} | ${median(xs).toFixed(0)} | ${range(xs)} | ${median(base).toFixed(0)} | ${range(base)} | ${median(xs) > TARGET_MS ? '**missed**' : 'met'} |`,
      ),
      '',
      missed.length
        ? `Target ${TARGET_MS} ms: **missed** in ${missed.length} of ${rows.length} scenarios (${missed.map(([name]) => name).join('; ')}).`
        : `Target ${TARGET_MS} ms: met in every scenario.`,
      '',
      `Machine load (1-min average, ${os.cpus().length} shared cores) at the end: ${os.loadavg()[0]!.toFixed(1)}. "Installed" rows reload in a running browser; "cold start" rows start Chromium again on the same profile (worker and IndexedDB from disk), as a phone reopens the app from its home screen.`,
      '',
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log((await runOfflineBench()).join('\n'));
}
