import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, PHONE } from '../../tests/e2e/support/browser';

/*
 * The floor of a "time to first row" figure: the same clock (navigation start → the element is in the document) on a
 * page that is one line of static HTML, no script, served from loopback. Whatever an app figure has above this is the
 * app's; what is under it is the browser and the machine, which no change to the app can win back.
 */
const LINE = 'floor-line';
const PAGE = `<!doctype html><meta charset="utf-8"><p class="${LINE}">一行静态页面</p>`;

const WATCH_LINE = `(() => {
  const check = function () {
    if (window.__lineAt === undefined && document.querySelector('.${LINE}')) window.__lineAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})()`;

export interface StaticFloor {
  /** ms, a fresh browser context in a running browser (as the app's first visit) */
  firstVisit: number[];
  /** ms, the page reloaded in a running browser (as the app's "installed" rows) */
  reload: number[];
  /** ms, Chromium started again on a profile that loaded the page before (as the app's cold starts) */
  coldStart: number[];
  /** the same cold start with the CPU slowed 4× */
  coldStart4x: number[];
}

async function timeLine(page: Page, url: string, cpuSlowdown = 1): Promise<number> {
  if (cpuSlowdown > 1)
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await page.goto(url);
  await page.waitForSelector(`.${LINE}`, { timeout: 30_000 });
  return page.evaluate<number>('window.__lineAt');
}

async function coldStart(profile: string, url: string, cpuSlowdown: number): Promise<number> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ...PHONE,
  });
  try {
    await context.addInitScript(WATCH_LINE);
    return await timeLine(context.pages()[0] ?? (await context.newPage()), url, cpuSlowdown);
  } finally {
    await context.close();
  }
}

/** The one-line static page on loopback: the floor of any page-load figure (first row, Lighthouse). */
export async function serveOneLine(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'max-age=3600' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Measures the one-line page `runs` times in each browser state the app's first-row figures are taken in. */
export async function measureStaticFloor(browser: Browser, runs: number): Promise<StaticFloor> {
  const server = await serveOneLine();
  const url = server.url;
  const profile = await mkdtemp(path.join(os.tmpdir(), 'oa-bench-floor-'));
  const floor: StaticFloor = { firstVisit: [], reload: [], coldStart: [], coldStart4x: [] };
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext(PHONE);
      await context.addInitScript(WATCH_LINE);
      floor.firstVisit.push(await timeLine(await context.newPage(), url));
      await context.close();
    }
    const context = await browser.newContext(PHONE);
    await context.addInitScript(WATCH_LINE);
    const page = await context.newPage();
    await timeLine(page, url);
    for (let i = 0; i < runs; i++) floor.reload.push(await timeLine(page, url));
    await context.close();
    await coldStart(profile, url, 1); // the profile's first start, as the app's install run
    for (let i = 0; i < runs; i++) {
      floor.coldStart.push(await coldStart(profile, url, 1));
      floor.coldStart4x.push(await coldStart(profile, url, 4));
    }
  } finally {
    await rm(profile, { recursive: true, force: true });
    await server.close();
  }
  return floor;
}
