import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { within } from './deadline';
import { recordTapsIn } from './tap-log';

/** Flags for Debian's Chromium on a machine with no outside network (see DEVELOPERS.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A Chromium of its own (benchmarks, screenshots, tests that must restart the browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * The e2e run's shared Chromium (tests/e2e/support/global-browser.ts). Closing the returned Browser only
 * disconnects this file and drops its contexts; every file still gets fresh contexts of its own.
 */
export async function connectChromium(): Promise<Browser> {
  const { inject } = await import('vitest');
  return within(chromium.connect(inject('chromiumWsEndpoint')), 60_000, 'chromium.connect()');
}

export const PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 640 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
};

export const IPAD: BrowserContextOptions = {
  viewport: { width: 1024, height: 768 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
  userAgent:
    'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
};

/**
 * Options for a context that installs the app's service worker: only the tests of offline start, updates, push and
 * offline files need it. Such a test waits for the worker to control the page (support/offline.ts `controlled`)
 * before it navigates again or closes the context: in the shared Chromium, a navigation or context.close() made while
 * the worker was still precaching the build sometimes never got its answer (the document loaded, Playwright never saw
 * it). Blocking workers made shell.test's stalls rarer; the rest came from the app's double navigation to /login
 * (see shell.test).
 */
export const withServiceWorker = (device: BrowserContextOptions): BrowserContextOptions => ({
  ...device,
  serviceWorkers: 'allow',
});

/**
 * A context whose page errors fail the test instead of passing silently. Service workers are blocked unless the
 * options allow them (withServiceWorker): a page then talks to the server as on a first visit, and no context
 * precaches the whole build (about a third of a journey's CPU).
 */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions,
): Promise<{ context: BrowserContext; errors: string[] }> {
  const context = await within(
    browser.newContext({ ...options, serviceWorkers: options.serviceWorkers ?? 'block' }),
    30_000,
    'browser.newContext()',
  );
  await recordTapsIn(context);
  const errors: string[] = [];
  context.on('weberror', (e) => errors.push(String(e.error())));
  return { context, errors };
}
