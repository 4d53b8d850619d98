import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, startTestServer, type TestServer } from '../../factories/test-server';
import {
  checkScreen,
  isSerious,
  routeExists,
  screenPages,
  type Screen,
  type ScreenPages,
} from '../../support-bench/axe';
import { connectChromium } from './browser';

/**
 * axe-core over `screens` at 360×640: no serious or critical violation, and every page's content in a landmark. The
 * screens are split over files so the e2e workers check them side by side.
 */
export function checkScreensWithAxe(title: string, all: Screen[], mustInclude: string[]): void {
  const screens = all.filter((s) => routeExists(s));
  describe(title, () => {
    let server: TestServer;
    let browser: Browser;
    let uid: string;
    let pages: ScreenPages;
    beforeAll(async () => {
      // on PostgreSQL: on PGlite, every query ran on this worker's one thread beside Playwright
      server = await startTestServer({ driver: 'pg', staticDir: process.env.DIST_DIR ?? 'dist' });
      browser = await connectChromium();
      uid = await loginAs(server.baseUrl, 'zhangsan', '123456');
      pages = screenPages(browser, uid);
    });
    afterAll(async () => {
      await pages?.close();
      await browser?.close();
      await server?.close();
    });

    it('finds the screens to check', () => {
      expect(screens.map((s) => s.name)).toEqual(expect.arrayContaining(mustInclude));
    });

    it.each(screens.map((s) => ({ ...s })))('$name ($path) has no serious or critical violation', async (screen) => {
      const result = await checkScreen(browser, server.baseUrl, screen, uid, pages);
      // a logged-in screen that bounced to /login would be checked as the login page: that proves nothing
      if (screen.loggedIn) expect(result.finalPath).not.toBe('/login');
      const serious = result.violations
        .filter(isSerious)
        .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.targets.join(' | ')}) ${v.detail}`);
      expect(serious).toEqual([]);
      // every page's content sits in a landmark: the title bar's header and the page's main
      expect(
        result.violations
          .filter((v) => v.id === 'region' || v.id.startsWith('landmark-'))
          .map((v) => `${v.id}: ${v.targets.join(' | ')}`),
      ).toEqual([]);
    });
  });
}
