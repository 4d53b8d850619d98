import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../factories/test-server';
import { PHONE, connectChromium, newContext, withServiceWorker } from './support/browser';
import { openSignedIn } from './support/app';
import { controlled } from './support/offline';

let browser: Browser;
beforeAll(async () => {
  browser = await connectChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('updates', () => {
  let dir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'oa-dist-'));
    await cp('dist', dir, { recursive: true });
    server = await startTestServer({ driver: 'pg', staticDir: dir });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Another deploy: index.html changes, and the worker's precache manifest carries its new revision. */
  async function deployNewBuild(build: number) {
    const html = path.join(dir, 'index.html');
    await writeFile(html, (await readFile(html, 'utf8')).replace('</body>', `<!-- build ${build} --></body>`));
    const sw = path.join(dir, 'service-worker.js');
    const source = await readFile(sw, 'utf8');
    const next = source.replace(/("revision":")[0-9a-f]+(","url":"index\.html")/, `$1${String(build).repeat(16)}$2`);
    expect(next).not.toBe(source);
    await writeFile(sw, next);
    // the build writes compressed twins (scripts/precompress.ts); a deploy replaces them with the files
    for (const file of [html, sw]) await Promise.all(['.br', '.gz'].map((ext) => rm(file + ext, { force: true })));
  }

  it('shows 发现新版本 for a new build and reloads once onto it after 刷新', async () => {
    const { context, errors } = await newContext(browser, withServiceWorker(PHONE));
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await controlled(page);
    expect(await page.getByText('发现新版本').count()).toBe(0);

    await deployNewBuild(2);
    await page.reload();
    // the reload installs the whole new precache before the bar can show (past 30 s on a busy CI machine)
    await page.getByText('发现新版本').waitFor({ timeout: 75_000 });
    // the waiting worker does not take over by itself: this page is still the old build
    expect(await page.content()).not.toContain('build 2');

    let loads = 0;
    page.on('load', () => loads++);
    await page.getByRole('button', { name: '刷新' }).click();
    await expect.poll(() => page.content(), { timeout: 30_000 }).toContain('build 2');
    await page.getByPlaceholder('请输入用户名').waitFor();
    expect(await page.getByText('发现新版本').count()).toBe(0);
    // the new document's load event may be reported after its content shows (CI, busy machine): wait for it, once
    await expect.poll(() => loads, { timeout: 30_000 }).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("draws 发现新版本 in the signed-in app above the page's title bar, where 刷新 can be seen and tapped (28.7)", async () => {
    const { context, errors } = await newContext(browser, withServiceWorker(PHONE));
    const page = await context.newPage();
    await openSignedIn(page, server.baseUrl, 'zhangsan', '/phonehome');
    await page.waitForURL('**/phonehome');
    await page.goto(`${server.baseUrl}/customModule/menu`);
    const titleBar = page.locator('.page-titlebar');
    await titleBar.waitFor();
    await controlled(page);

    await deployNewBuild(4);
    await page.reload();
    const refresh = page.getByRole('button', { name: '刷新' });
    // the reload installs the whole new precache before the bar can show (past 30 s on a busy CI machine)
    await refresh.waitFor({ timeout: 75_000 });
    await titleBar.waitFor();
    // what a finger at the button's centre touches is the button itself, not the title bar or anything else
    const box = (await refresh.boundingBox())!;
    const hit = await page.evaluate(
      ({ x, y }) => {
        const el = document.elementFromPoint(x, y);
        return { onButton: el?.closest('button')?.textContent === '刷新', what: el?.className ?? null };
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hit, JSON.stringify(hit)).toMatchObject({ onButton: true });
    // the whole bar is in view and the title bar starts below it (nothing of either is hidden)
    const bar = (await page.getByRole('alert').filter({ hasText: '发现新版本' }).boundingBox())!;
    const title = (await titleBar.boundingBox())!;
    expect(bar.y).toBeGreaterThanOrEqual(0);
    expect(title.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);

    let loads = 0;
    page.on('load', () => loads++);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => page.content(), { timeout: 30_000 }).toContain('build 4');
    await page.getByRole('link', { name: /合同台账/ }).waitFor();
    expect(await page.getByText('发现新版本').count()).toBe(0);
    expect(loads).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds a new build for a login screen left open once it is shown again, without a reload', async () => {
    const { context, errors } = await newContext(browser, withServiceWorker(PHONE));
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await controlled(page);
    await deployNewBuild(3);
    expect(await page.getByText('发现新版本').count()).toBe(0);
    // the home-screen app comes back to the foreground
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    // the check on showing installs the whole new precache (~240 files) before it can say so: on a busy CI machine
    // that alone passed 30 s once
    await page.getByText('发现新版本').waitFor({ timeout: 75_000 });
    expect(await page.content()).not.toContain('build 3');
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
