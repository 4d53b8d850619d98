import { and, count, eq, like } from 'drizzle-orm';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contactFavourites, idempotencyKeys, messageDeliveries, users } from '../../server/db/schema';
import { toCount } from '../../server/db/client';
import { api, loginAs, type TestServer } from '../factories/test-server';
import { PHONE, newContext, withServiceWorker } from './support/browser';
import { loginThroughForm, useAppAndBrowser } from './support/app';
import { cacheHolds, controlled, sentWrites } from './support/offline';

const env = useAppAndBrowser();

/** Sends an in-app message from admin to a demo user; returns its id. */
async function sendMessage(server: TestServer, toUsername: string, title: string): Promise<string> {
  const to = api(server.baseUrl, await loginAs(server.baseUrl, toUsername, '123456'));
  const me = await to.get<{ userVo: { id: string } }>('/api/upms/user/current');
  const admin = api(server.baseUrl, await loginAs(server.baseUrl, 'admin', 'admin123'));
  const sent = await admin.post<{ id: string }>('/api/upms/message/send', {
    title,
    receiverIds: [me.body.data.userVo.id],
    channels: ['app'],
  });
  expect(sent.status).toBe(200);
  return sent.body.data.id;
}

describe('offline-capable PWA', () => {
  it('is installable: Chromium reports no installability errors, and its first install fetches up to 6 files at a time', async () => {
    const { context } = await newContext(env.browser, withServiceWorker(PHONE));
    const page = await context.newPage();
    const fetched: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const done = (request: Request) => void (request.serviceWorker() && inFlight--);
    context.on('request', (request) => {
      if (request.serviceWorker() && !request.url().endsWith('/service-worker.js')) {
        fetched.push(request.url());
        mostInFlight = Math.max(mostInFlight, ++inFlight);
      }
    });
    context.on('requestfinished', done);
    context.on('requestfailed', done);
    await page.goto(`${env.app.baseUrl}/login`);
    await controlled(page);
    const precached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
      return name ? (await (await caches.open(name)).keys()).map((request) => request.url.split('?')[0]) : [];
    });
    expect(precached.length).toBeGreaterThan(200);
    expect(fetched.sort()).toEqual(precached.sort());
    // Workbox alone fetches one at a time; six is the most sw/parallel-precache.ts sends
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(6);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // 'in-incognito' is the test context itself (Playwright contexts are incognito), not the app
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    const manifest = (await (await fetch(`${env.app.baseUrl}/manifest.webmanifest`)).json()) as {
      name: string;
      display: string;
      icons: Array<{ sizes: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({ name: '协同办公系统', display: 'standalone' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    await context.close();
  });

  it('installs the worker, then reopens offline with the cached home data and the offline bar', async () => {
    const title = `离线缓存消息-${Date.now()}`;
    await sendMessage(env.app, 'zhangsan', title);
    const { context, errors } = await newContext(env.browser, withServiceWorker(PHONE));
    const page = await context.newPage();
    await loginThroughForm(page, env.app.baseUrl, 'zhangsan', '123456');
    await page.waitForURL('**/phonehome');
    await page.getByText(title).waitFor();
    await controlled(page);
    await expect.poll(() => cacheHolds(page, title), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText(/^离线 ·/).count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByText(title).waitFor();
    await page.getByText('张三', { exact: false }).first().waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^离线 · 数据更新于 \d\d:\d\d$/ })
      .waitFor();

    // authenticated API answers live in the per-user IndexedDB cache only, never in Cache Storage
    const cachedApi = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls.filter((url) => new URL(url).pathname.startsWith('/api/'));
    });
    expect(cachedApi).toEqual([]);

    // refetches that fail offline (leaving 首页 and coming back asks again) must not cost the saved answers: the
    // next offline start still shows them
    const tabs = page.getByRole('navigation', { name: '主导航' });
    await tabs.getByRole('link', { name: '通讯录' }).click();
    await page.waitForURL('**/addressbook/**');
    await tabs.getByRole('link', { name: '首页' }).click();
    await page.getByText(title).waitFor();
    await page.waitForTimeout(1_000);
    await page.reload();
    await page.getByText(title).waitFor();
    expect(await cacheHolds(page, title)).toBe(true);

    // back online: the bar goes away
    await context.setOffline(false);
    await expect.poll(() => page.getByText(/^离线 · 数据更新于/).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logout deletes the signed-in user’s cached data from the device', async () => {
    const title = `退出后清除-${Date.now()}`;
    await sendMessage(env.app, 'wangwu', title);
    const { context } = await newContext(env.browser, withServiceWorker(PHONE));
    const page = await context.newPage();
    await loginThroughForm(page, env.app.baseUrl, 'wangwu', '123456');
    await page.getByText(title).waitFor();
    await expect.poll(() => cacheHolds(page, title), { timeout: 10_000 }).toBe(true);
    const uid = await page.evaluate(() => localStorage.getItem('oa.uid'));

    await page.getByRole('navigation', { name: '主导航' }).getByText('我的').click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '确认' }).click();
    await page.waitForURL('**/login');
    const left = await page.evaluate(
      (key) =>
        new Promise<unknown>((resolve) => {
          const open = indexedDB.open('oa-query-cache');
          open.onsuccess = () => {
            const get = open.result.transaction('clients').objectStore('clients').get(key);
            get.onsuccess = () => resolve(get.result ?? null);
          };
        }),
      `oa-query-cache:${uid}`,
    );
    expect(left).toBeNull();
    await context.close();
  });

  it('queues a mark-read made offline and delivers it to the server exactly once after going online', async () => {
    const title = `离线标记已读-${Date.now()}`;
    const id = await sendMessage(env.app, 'lisi', title);
    const { context } = await newContext(env.browser, withServiceWorker(PHONE));
    const page = await context.newPage();
    const reads = sentWrites(context, `/api/message/${id}/read`);
    await loginThroughForm(page, env.app.baseUrl, 'lisi', '123456');
    await page.waitForURL('**/phonehome');
    const item = page.locator('.home-message', { hasText: title });
    await item.waitFor();
    await controlled(page);
    await expect.poll(() => cacheHolds(page, title), { timeout: 10_000 }).toBe(true);

    await context.setOffline(true);
    await item.click();
    await expect.poll(() => item.getAttribute('class')).not.toContain('home-message-unread');
    await page.getByText('1 项操作待同步').waitFor();
    // the queued write survives a reload of the app while still offline
    await page.reload();
    await page.getByText('1 项操作待同步').waitFor();
    const delivery = () =>
      env.app.database.db
        .select({ read: messageDeliveries.read })
        .from(messageDeliveries)
        .where(and(eq(messageDeliveries.messageId, id), eq(messageDeliveries.channel, 'app')));
    expect((await delivery())[0]?.read).toBe(false);

    await context.setOffline(false);
    await expect.poll(async () => (await delivery())[0]?.read, { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText(/项操作待同步/).count()).toBe(0);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/\S{16,}/);
    const keys = await env.app.database.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(like(idempotencyKeys.path, `/api/message/${id}/read%`));
    expect(toCount(keys[0]?.n)).toBe(1);
    await context.close();
  });

  it('offline: a cached empty list says its own empty text, 收藏 shows ★ at once, and the bar says when it was sent', async () => {
    const { context, errors } = await newContext(env.browser, withServiceWorker(PHONE));
    const page = await context.newPage();
    await loginThroughForm(page, env.app.baseUrl, 'zhaoliu', '123456');
    await page.waitForURL('**/phonehome');
    // online: open 林晓雨's card (not starred) and the (empty) 个人通讯录, so both are cached
    await page.goto(`${env.app.baseUrl}/addressbook/index`);
    await page.getByPlaceholder('搜索姓名、拼音或手机号').fill('lxy');
    await page.getByPlaceholder('搜索姓名、拼音或手机号').press('Enter');
    await page
      .getByRole('list', { name: '搜索结果' })
      .getByRole('button', { name: /林晓雨/ })
      .click();
    await page.getByRole('button', { name: '☆ 收藏' }).waitFor();
    await expect.poll(() => cacheHolds(page, '"favourite":false'), { timeout: 10_000 }).toBe(true);
    await page.goto(`${env.app.baseUrl}/addressbook/personal`);
    await page.getByText('暂无联系人，点击添加联系人').waitFor();
    await controlled(page);
    await expect.poll(() => cacheHolds(page, '"personal","list"'), { timeout: 10_000 }).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await page.getByText('暂无联系人，点击添加联系人').waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^离线( · |$)/ })
      .waitFor();
    // the failed refetch of the cached (empty) answer must not turn it into "nothing cached"
    await page.waitForTimeout(1_000);
    expect(await page.getByText('离线，暂无缓存数据').count()).toBe(0);
    await page.getByText('暂无联系人，点击添加联系人').waitFor();

    // 收藏 offline: the star changes at once and the write waits
    await page.goto(`${env.app.baseUrl}/addressbook/index`);
    await page
      .getByRole('list', { name: '最近联系人' })
      .getByRole('button', { name: /林晓雨/ })
      .click();
    await page.getByRole('button', { name: '☆ 收藏' }).click();
    await page.getByRole('button', { name: '★ 已收藏' }).waitFor({ timeout: 3_000 });
    await page.getByText('1 项操作待同步').waitFor();
    const starred = async () => {
      const rows = await env.app.database.db
        .select({ n: count() })
        .from(contactFavourites)
        .innerJoin(users, eq(users.id, contactFavourites.userId))
        .where(eq(users.username, 'linxiaoyu'));
      return toCount(rows[0]?.n);
    };
    expect(await starred()).toBe(0);

    // online again: the queue is sent and the bar says so before it goes
    await context.setOffline(false);
    await page.getByText('已同步 1 项').waitFor({ timeout: 15_000 });
    expect(await starred()).toBe(1);
    await page.getByRole('button', { name: '★ 已收藏' }).waitFor();
    await expect.poll(() => page.getByText('已同步 1 项').count(), { timeout: 15_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says a toast offline before the toast code was ever fetched, and uses antd-mobile once it can be fetched', async () => {
    // the chunk holding src/ui/antd-feedback.ts (its render glue sets `__root`), refused as a lost network refuses it
    const dir = path.resolve('dist/static/js/async');
    const chunk = readdirSync(dir).find(
      (name) => name.endsWith('.js') && readFileSync(path.join(dir, name), 'utf8').includes('.__root??='),
    );
    const chunkUrl = `${env.app.baseUrl}/static/js/async/${chunk}`;
    const { context, errors } = await newContext(env.browser, PHONE);
    let refused = 0;
    await context.route(chunkUrl, (route) => {
      refused += 1;
      return route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    await loginThroughForm(page, env.app.baseUrl, 'zhaoliu', '123456');
    await page.waitForURL('**/phonehome');
    await page.goto(`${env.app.baseUrl}/myCenter/index`);
    await page.getByText('常用意见', { exact: true }).click();
    await page.getByRole('textbox', { name: '新的常用意见' }).waitFor();
    const add = page.getByRole('button', { name: '添加', exact: true });

    await add.click();
    await page.locator('.plain-toast', { hasText: '请输入常用意见' }).waitFor();
    expect(refused).toBe(1);
    await page.locator('.plain-toast').waitFor({ state: 'detached' });

    await context.unroute(chunkUrl);
    await add.click();
    await page.locator('.adm-toast-main', { hasText: '请输入常用意见' }).waitFor();
    expect(await page.locator('.plain-toast').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
