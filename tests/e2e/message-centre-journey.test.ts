import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Badges } from '../../contract/message';
import { api, loginAs, type TestServer } from '../factories/test-server';
import { IPAD, PHONE, newContext, withServiceWorker } from './support/browser';
import { loginThroughForm, useAppAndBrowser } from './support/app';
import { docsScreenshot } from './support/docs-screenshot';
import { cacheHolds, controlled } from './support/offline';

const env = useAppAndBrowser();

const as = async (server: TestServer, username: string) =>
  api(server.baseUrl, await loginAs(server.baseUrl, username, username === 'admin' ? 'admin123' : '123456'));

/** Sends in-app messages from admin to `username` (one per [title, link]); newest last. */
async function sendMessages(server: TestServer, username: string, messages: [string, string?][]) {
  const me = await (await as(server, username)).get<{ userVo: { id: string } }>('/api/upms/user/current');
  const admin = await as(server, 'admin');
  for (const [title, link] of messages) {
    const sent = await admin.post('/api/upms/message/send', {
      title,
      content: `${title}的详细内容`,
      receiverIds: [me.body.data.userVo.id],
      channels: ['app'],
      ...(link ? { link } : {}),
    });
    expect(sent.status).toBe(200);
  }
}

const unreadOnServer = async (server: TestServer, username: string) =>
  (await (await as(server, username)).get<Badges>('/api/message/badges')).body.data.message;

/** Records what the app asks of the Badging API (the browser's own is kept). */
async function recordIconBadge(page: Page) {
  await page.context().addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { badgeCalls: unknown[] }).badgeCalls = calls;
    Object.defineProperty(navigator, 'setAppBadge', {
      configurable: true,
      value: (n?: number) => (calls.push(n), Promise.resolve()),
    });
    Object.defineProperty(navigator, 'clearAppBadge', {
      configurable: true,
      value: () => (calls.push(0), Promise.resolve()),
    });
  });
}
const lastIconBadge = (page: Page) =>
  page.evaluate(() => (window as unknown as { badgeCalls: unknown[] }).badgeCalls.at(-1));

/** A finger's swipe to the left across `target` (antd-mobile's SwipeAction follows touch events on a touch screen). */
async function swipeLeft(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const y = box.y + box.height / 2;
  const at = (x: number) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(box.x + box.width - 20) });
  for (let i = 1; i <= 10; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(box.x + box.width - 20 - i * 20) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const list = (page: Page) => page.getByRole('list', { name: '消息列表' });
const row = (page: Page, title: string) => list(page).getByRole('button', { name: new RegExp(title) });

describe('消息中心 (issue 47.2)', () => {
  it('opens from the home’s 查看全部: every message with module and time, filters, swipe and 全部已读 at 360×640', async () => {
    await sendMessages(env.app, 'zhoujie', [
      ['中心·报销单待审批', '/followWaitDetail?instanceId=00000000-0000-4000-8000-000000000001'],
      ['中心·周会纪要邮件', '/email/detail?id=00000000-0000-4000-8000-000000000002'],
      ['中心·项目例会邀请', '/meeting/info?id=00000000-0000-4000-8000-000000000003'],
      ['中心·系统维护通知'],
    ]);
    const { context } = await newContext(env.browser, PHONE);
    const page = await context.newPage();
    await recordIconBadge(page);
    await loginThroughForm(page, env.app.baseUrl, 'zhoujie', '123456');
    await page.waitForURL('**/phonehome');
    // the icon counts what is unread, as the server does
    const unread = await unreadOnServer(env.app, 'zhoujie');
    expect(unread).toBeGreaterThanOrEqual(4);
    await expect.poll(() => lastIconBadge(page), { timeout: 20_000 }).toBe(unread);

    await page.getByRole('link', { name: '查看全部' }).click();
    await page.waitForURL('**/message');
    await row(page, '中心·系统维护通知').waitFor({ timeout: 20_000 });
    // each row names its module and its time
    expect(await row(page, '中心·周会纪要邮件').innerText()).toMatch(
      /^邮件\s*中心·周会纪要邮件[\s\S]*系统管理员 · \d{4}-\d\d-\d\d \d\d:\d\d · 未读$/,
    );
    expect(await row(page, '中心·报销单待审批').innerText()).toMatch(/^审批/);
    expect(await row(page, '中心·项目例会邀请').innerText()).toMatch(/^会议/);
    expect(await row(page, '中心·系统维护通知').innerText()).toMatch(/^系统/);
    await page.getByText(`未读 ${unread} 条`).waitFor();
    await docsScreenshot(page, 'message-centre');

    // the 邮件 filter shows only mail's messages
    await page.getByRole('tab', { name: '邮件' }).click();
    await row(page, '中心·周会纪要邮件').waitFor();
    await expect.poll(() => row(page, '中心·系统维护通知').count(), { timeout: 30_000 }).toBe(0);
    expect(
      await list(page)
        .getByText(/^(审批|会议|系统|日程|资讯)$/)
        .count(),
    ).toBe(0);

    // swiping the mail left offers 标为已读: the row and the server say read, the icon counts one less
    await swipeLeft(page, row(page, '中心·周会纪要邮件'));
    await page.getByRole('button', { name: '标为已读' }).click();
    await expect.poll(() => row(page, '中心·周会纪要邮件').innerText(), { timeout: 30_000 }).not.toMatch(/未读$/);
    await expect.poll(() => unreadOnServer(env.app, 'zhoujie'), { timeout: 20_000 }).toBe(unread - 1);
    await expect.poll(() => lastIconBadge(page), { timeout: 20_000 }).toBe(unread - 1);

    // 未读 lists the rest; 全部已读 empties it, on the server and on the icon
    await page.getByRole('tab', { name: '未读' }).click();
    await row(page, '中心·项目例会邀请').waitFor();
    await page.getByRole('button', { name: '全部已读' }).click();
    await page.getByText('已全部标为已读').waitFor();
    await expect.poll(() => unreadOnServer(env.app, 'zhoujie'), { timeout: 20_000 }).toBe(0);
    await page.getByText('暂无消息').waitFor({ timeout: 20_000 });
    await page.getByText('没有未读消息').waitFor();
    await expect.poll(() => lastIconBadge(page), { timeout: 20_000 }).toBe(0);
    await context.close();
  });

  it('reads its messages offline from the cache', async () => {
    await sendMessages(env.app, 'caolei', [
      ['离线·可读的提醒', '/meeting/info?id=00000000-0000-4000-8000-000000000004'],
    ]);
    const { context } = await newContext(env.browser, withServiceWorker(PHONE));
    const page = await context.newPage();
    await loginThroughForm(page, env.app.baseUrl, 'caolei', '123456');
    await page.waitForURL('**/phonehome');
    await controlled(page);
    await page.goto(`${env.app.baseUrl}/message`);
    await row(page, '离线·可读的提醒').waitFor({ timeout: 20_000 });
    // the message centre's own list, not only the home's, is saved before the reload
    await expect
      .poll(() => cacheHolds(page, '离线·可读的提醒', ['message', 'inbox', 'list']), { timeout: 20_000 })
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await row(page, '离线·可读的提醒').waitFor({ timeout: 30_000 });
    expect(await row(page, '离线·可读的提醒').innerText()).toMatch(/^会议/);
    await context.setOffline(false);
    await context.close();
  });

  it('opens from the tablet’s 工作台 at 1024×768', async () => {
    await sendMessages(env.app, 'fengtao', [['平板·工作台的消息']]);
    const { context } = await newContext(env.browser, IPAD);
    const page = await context.newPage();
    await loginThroughForm(page, env.app.baseUrl, 'fengtao', '123456');
    await page.waitForURL('**/padbacklog**');
    await page.goto(`${env.app.baseUrl}/padworktable/index`);
    await page.getByRole('link', { name: '查看全部' }).click();
    await page.waitForURL('**/message');
    await row(page, '平板·工作台的消息').waitFor({ timeout: 20_000 });
    expect(await row(page, '平板·工作台的消息').innerText()).toMatch(/^系统/);
    await context.close();
  });
});
