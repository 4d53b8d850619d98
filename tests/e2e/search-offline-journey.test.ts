import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { IPAD, PHONE, newContext, withServiceWorker } from './support/browser';
import { reimbursementMailAndColleague, resultGroup, searchFor } from './support/search';
import { loginThroughForm, openSignedIn, useAppAndBrowser } from './support/app';
import { cacheHolds, controlled } from './support/offline';

const env = useAppAndBrowser();

const pageErrors: string[][] = [];
afterEach(() => expect(pageErrors.splice(0).flat()).toEqual([]));

const mark = Date.now() % 100000;
const description = `离线报销住宿${mark}`;
const subject = `报销材料${mark}`;
const OFFLINE_NOTE = '离线搜索：仅搜索本机已缓存的内容';

/**
 * 李四's 待办 gets 张三's 报销 request, his inbox a mail about it, and the organisation a colleague 白雪 (initials bx):
 * `bx` finds all three, online from the server and offline from what 离线同步 kept on the phone.
 */
beforeAll(
  () => reimbursementMailAndColleague(env.app, { description, subject, mailFrom: 'zhangsan', mailTo: 'lisi' }),
  120_000,
);

async function signIn(context: BrowserContext, username: string): Promise<Page> {
  const page = await context.newPage();
  await openSignedIn(page, env.app.baseUrl, username, '/phonehome');
  await page.waitForURL('**/phonehome');
  await controlled(page);
  return page;
}

/** The three `bx` results are shown: the 报销 request, the mail, the colleague. */
async function findsAllThree(page: Page) {
  await resultGroup(page, '审批').getByText('张三的报销').first().waitFor({ timeout: 30_000 });
  await resultGroup(page, '邮件').getByText(subject).waitFor({ timeout: 20_000 });
  await resultGroup(page, '通讯录').getByText('白雪').waitFor({ timeout: 20_000 });
}

describe('搜索 offline on the phone (issue 46 point 4)', () => {
  it('`bx` finds the 报销 request, a mail and a colleague online and offline, opens each from the cache', async () => {
    const { context, errors } = await newContext(env.browser, withServiceWorker(PHONE));
    pageErrors.push(errors);
    const page = await signIn(context, 'lisi');
    // 离线同步 after the sign-in keeps the 待办 with its detail, the inbox with bodies and the address book
    for (const text of [description, subject, '白雪'])
      await expect.poll(() => cacheHolds(page, text), { timeout: 90_000 }).toBe(true);

    await page.getByRole('link', { name: /^搜索审批/ }).click();
    await page.waitForURL('**/search');
    await searchFor(page, 'bx');
    await findsAllThree(page);
    expect(await page.getByText(OFFLINE_NOTE).count()).toBe(0);

    // lie-fi: the browser says online but the search gets no answer; the box answers from the phone instead
    await page.route('**/api/search**', (route) => route.abort('internetdisconnected'));
    await searchFor(page, 'baoxiao');
    await page.getByText(OFFLINE_NOTE).waitFor({ timeout: 30_000 });
    await resultGroup(page, '审批').getByText('张三的报销').first().waitFor({ timeout: 20_000 });
    await page.unroute('**/api/search**');

    // no network, the app started again from the phone: the same box answers from what is cached
    await context.setOffline(true);
    await page.goto(`${env.app.baseUrl}/search`);
    await searchFor(page, 'bx');
    await page.getByText(OFFLINE_NOTE).waitFor({ timeout: 20_000 });
    await findsAllThree(page);

    await resultGroup(page, '审批').locator('.search-hit').first().click();
    await page.waitForURL('**/followViewDetail**');
    await page.getByText(description).first().waitFor({ timeout: 20_000 });
    await page.goBack();

    await resultGroup(page, '邮件').getByText(subject).click();
    await page.waitForURL('**/email/detail**');
    await page.getByText('请补充报销材料', { exact: true }).waitFor({ timeout: 20_000 });
    await page.goBack();

    await resultGroup(page, '通讯录').getByText('白雪').click();
    await page.waitForURL('**/addressbook/userInfo**');
    await page.getByRole('heading', { name: '白雪' }).waitFor({ timeout: 20_000 });

    // 退出登录: the next person on this phone finds nothing of 李四's offline, only their own cache
    await context.setOffline(false);
    await page.goto(`${env.app.baseUrl}/myCenter/index`);
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '确认' }).click();
    await page.waitForURL('**/login');
    await loginThroughForm(page, env.app.baseUrl, 'wangwu', '123456');
    await page.waitForURL('**/phonehome');
    await expect.poll(() => cacheHolds(page, '白雪'), { timeout: 90_000 }).toBe(true);
    await context.setOffline(true);
    await page.goto(`${env.app.baseUrl}/search`);
    await searchFor(page, 'bx');
    await page.getByText(OFFLINE_NOTE).waitFor({ timeout: 20_000 });
    await resultGroup(page, '通讯录').getByText('白雪').waitFor({ timeout: 20_000 });
    expect(await page.getByText(subject).count()).toBe(0);
    expect(await page.getByText('张三的报销').count()).toBe(0);
    await searchFor(page, subject);
    await page.getByText('本机缓存中没有找到相关内容').waitFor({ timeout: 20_000 });
    await context.setOffline(false);
    await context.close();
  }, 420_000);
});

describe('搜索 offline on a tablet at 1024×768', () => {
  it('`bx` in the rail’s 搜索 finds the 报销 request offline and opens it beside the list from the cache', async () => {
    const { context, errors } = await newContext(env.browser, withServiceWorker(IPAD));
    pageErrors.push(errors);
    const page = await context.newPage();
    await openSignedIn(page, env.app.baseUrl, 'lisi', '/');
    await page.waitForURL(/\/pad/);
    await controlled(page);
    await expect.poll(() => cacheHolds(page, description), { timeout: 90_000 }).toBe(true);

    // the network goes while the app is open: the index is built in idle time, before anything is typed
    await context.setOffline(true);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '搜索' }).click();
    await page.waitForURL('**/search**');
    await searchFor(page, 'bx');
    await page.getByText(OFFLINE_NOTE).waitFor({ timeout: 20_000 });
    const list = page.getByRole('region', { name: '搜索结果', exact: true });
    await list.getByRole('region', { name: '审批', exact: true }).locator('.search-hit').first().click();
    await page.waitForURL('**/search?**open=**');
    // beside the list, not instead of it: both panes show
    const opened = page.getByRole('region', { name: '搜索结果内容' });
    await opened.getByText(description).first().waitFor({ timeout: 20_000 });
    expect(await list.getByText(OFFLINE_NOTE).count()).toBe(1);
    await context.setOffline(false);
    await context.close();
  }, 300_000);
});
