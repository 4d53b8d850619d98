// Regenerates the README screenshots from the built client: `npm run build && tsx scripts/screenshot.ts`; name words
// to take only the shots whose file contains one (`tsx scripts/screenshot.ts news`).
import { chromium } from 'playwright-core';
import { loginAs, startTestServer } from '../tests/factories/test-server';
import { CHROMIUM_ARGS } from '../tests/e2e/support/browser';

const server = await startTestServer({ driver: 'pglite', staticDir: 'dist' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const uid = await loginAs(server.baseUrl, 'lisi', '123456');
  const shots: [string, string, { width: number; height: number }][] = [
    ['/phonehome', 'docs/screenshot-phonehome.png', { width: 360, height: 640 }],
    ['/follow/waitList', 'docs/screenshot-waitlist.png', { width: 360, height: 640 }],
    ['/news/Headlines', 'docs/screenshot-news.png', { width: 360, height: 640 }],
  ];
  const only = process.argv.slice(2);
  for (const [path, file, viewport] of shots.filter(([, file]) => only.length === 0 || only.some((word) => file.includes(word)))) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 2, locale: 'zh-CN', serviceWorkers: 'block' });
    await context.addInitScript((token) => localStorage.setItem('oa.uid', token), uid);
    const page = await context.newPage();
    await page.goto(server.baseUrl + path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(600);
    await page.screenshot({ path: file });
    await context.close();
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
  await server.close();
}
