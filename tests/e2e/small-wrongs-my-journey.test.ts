import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { IPAD, PHONE, newContext, withServiceWorker } from './support/browser';
import { openSignedIn, useAppAndBrowser } from './support/app';
import { controlled } from './support/offline';

// Issue 47 point 7, 我的: its values line up, and 开启本机消息通知 says why it did not turn on.

const env = useAppAndBrowser();

const pageErrors: string[][] = [];
afterEach(() => expect(pageErrors.splice(0).flat()).toEqual([]));

async function signedIn(options: BrowserContextOptions, home: string): Promise<Page> {
  const { context, errors } = await newContext(env.browser, options);
  pageErrors.push(errors);
  const page = await context.newPage();
  await openSignedIn(page, env.app.baseUrl, 'zhangsan', '/');
  await page.waitForURL(home, { timeout: 20_000 });
  return page;
}

/** The right edges of the values of each visible 我的 menu, by its label: one edge per menu when they line up. */
const valueEdges = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('ul.my-menu'))
      .filter((menu) => menu.getBoundingClientRect().width > 0)
      .map((menu) => [
        menu.getAttribute('aria-label'),
        [
          ...new Set(
            Array.from(menu.querySelectorAll('.my-menu-value'))
              .filter((value) => value.textContent!.trim() !== '')
              .map((value) => Math.round(value.getBoundingClientRect().right)),
          ),
        ].length,
      ]),
  );

describe('我的 (issue 47.7)', () => {
  it('the values on the right of its rows end in one column, on a phone and on tablets', async () => {
    const phone = await signedIn(PHONE, '**/phonehome');
    await phone.goto(`${env.app.baseUrl}/myCenter/index`);
    await phone.getByText('zhangsan', { exact: true }).waitFor({ timeout: 20_000 });
    await expect
      .poll(() => valueEdges(phone), { timeout: 15_000 })
      .toEqual([
        ['个人资料', 1],
        ['设置', 1],
      ]);

    for (const viewport of [
      { width: 768, height: 1024 },
      { width: 1024, height: 768 },
    ]) {
      const tablet = await signedIn({ ...IPAD, viewport }, '**/padbacklog/index');
      await tablet.goto(`${env.app.baseUrl}/padmy?section=profile`);
      await tablet.getByText('zhangsan', { exact: true }).waitFor({ timeout: 20_000 });
      const edges = await valueEdges(tablet);
      expect([viewport.width, edges.filter(([, n]) => n !== 1)]).toEqual([viewport.width, []]);
      expect(edges.map(([label]) => label)).toContain('个人资料');
      await tablet.context().close();
    }
  });

  it('清除离线缓存 shows the cache emptied at once, with no reload', async () => {
    const page = await signedIn(PHONE, '**/phonehome');
    // lists opened on the way fill the offline cache
    await page.goto(`${env.app.baseUrl}/news/Headlines`);
    await page.getByRole('list', { name: '最新资讯' }).getByRole('listitem').first().waitFor({ timeout: 20_000 });
    await page.goto(`${env.app.baseUrl}/myCenter/index`);
    const row = page.getByRole('button', { name: /清除离线缓存/ });
    const bytes = async () => {
      const [, n, unit] = /([\d.]+)\s*(B|KB|MB|GB)/.exec(await row.innerText()) ?? [];
      return n ? Number(n) * 1024 ** ['B', 'KB', 'MB', 'GB'].indexOf(unit!) : null;
    };
    await expect.poll(bytes, { timeout: 20_000 }).toBeGreaterThan(1024);
    const before = (await bytes())!;
    await row.click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await page.getByText('离线缓存已清除').waitFor({ timeout: 20_000 });
    await expect.poll(bytes, { timeout: 15_000 }).toBeLessThan(before / 10);
    await page.context().close();
  });

  it('开启本机消息通知 refused by the browser says 通知权限已被拒绝', async () => {
    const page = await signedIn(withServiceWorker(PHONE), '**/phonehome');
    await page.goto(`${env.app.baseUrl}/myCenter/index`);
    await controlled(page);
    await page.getByText('消息通知', { exact: true }).click();
    const turnOn = page.getByRole('button', { name: '开启本机消息通知' });
    await turnOn.waitFor({ timeout: 20_000 });
    // the person answers 禁止 to the browser's prompt: the browser's own permission setting, not a stand-in
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: env.app.baseUrl,
    });
    await turnOn.click();
    await page
      .locator('.adm-toast-main', { hasText: '通知权限已被拒绝，请在浏览器设置中允许' })
      .waitFor({ timeout: 20_000 });
    await page.getByRole('status').filter({ hasText: '通知权限已被拒绝，请在浏览器设置中允许' }).waitFor();
    await page.context().close();
  });
});
