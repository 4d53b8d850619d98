import type { Page } from 'playwright-core';

/**
 * Saves the README's picture of a screen (docs/screenshot-<name>.png) when `DOCS_SCREENSHOTS=1` asks for new ones.
 * An ordinary run leaves the committed pictures alone: it rewrote them every time, with bytes that differ from run
 * to run, so a test run left the working tree changed.
 */
export async function docsScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.DOCS_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: `docs/screenshot-${name}.png` });
}
