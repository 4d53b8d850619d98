import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { connectChromium } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await connectChromium();
});
afterAll(() => browser.close());

/**
 * The shared Chromium (support/global-browser.ts) opens no address-bar popups beside a test's pages: a Chromium that
 * renames their features would quietly bring back a renderer or two per page.
 */
it('opens a page of each context without Chromium’s own address-bar pages beside it', async () => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  for (const context of contexts) await (await context.newPage()).goto('data:text/html,<p>%E9%A1%B5</p>');
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  expect(targetInfos.filter((t) => t.type === 'page' && t.url.includes('%E9%A1%B5'))).toHaveLength(2);
  expect(targetInfos.filter((t) => t.url.startsWith('chrome://')).map((t) => t.url)).toEqual([]);
  await Promise.all(contexts.map((c) => c.close()));
});
