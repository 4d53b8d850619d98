import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { IPAD, PHONE, newContext } from './support/browser';
import { reimbursementMailAndColleague, resultGroup, searchFor } from './support/search';
import { openSignedIn, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();

/** Uncaught errors of every page opened here: a journey that threw in the page fails even if it looked right. */
const pageErrors: string[][] = [];
afterEach(() => expect(pageErrors.splice(0).flat()).toEqual([]));

const mark = Date.now() % 100000;
const description = `差旅住宿${mark}`;
const subject = `报销材料${mark}`;

/**
 * 张三 has a 报销 request of his own, a mail about it from 李四 and a colleague 白雪 (initials bx): `bx` finds all
 * three. The colleague is written straight into the table, as an org import does.
 */
beforeAll(
  () => reimbursementMailAndColleague(env.app, { description, subject, mailFrom: 'lisi', mailTo: 'zhangsan' }),
  120_000,
);

async function onDevice(username: string, device: typeof PHONE): Promise<Page> {
  const { context, errors } = await newContext(env.browser, device);
  pageErrors.push(errors);
  const page = await context.newPage();
  await openSignedIn(page, env.app.baseUrl, username, '/');
  await page.waitForURL(/\/(phonehome|pad)/);
  return page;
}

describe('one search (搜索)', () => {
  it('on a phone, `bx` finds the 报销 request, the mail and the colleague; each opens; the keyword is kept', async () => {
    const page = await onDevice('zhangsan', PHONE);
    // the box above the grid: 搜索 with its hint
    await page.getByRole('link', { name: /^搜索审批/ }).click();
    await page.waitForURL('**/search');
    await searchFor(page, 'bx');

    // grouped by module: the newest 报销 request first, the mail, the colleague
    const flow = resultGroup(page, '审批');
    await flow.getByText('张三的报销').first().waitFor({ timeout: 30_000 });
    await resultGroup(page, '邮件').getByText(subject).waitFor();
    await resultGroup(page, '通讯录').getByText('白雪').waitFor();

    await flow.locator('.search-hit').first().click();
    await page.waitForURL('**/followViewDetail**');
    await page.getByText(description).first().waitFor({ timeout: 30_000 });
    await page.goBack();

    await resultGroup(page, '邮件').getByText(subject).click();
    await page.waitForURL('**/email/detail**');
    // the mail itself: the results, with the same words in a hit, may still be sliding out beside it
    await page.getByRole('article').getByText('请补充报销材料').waitFor({ timeout: 30_000 });
    await page.goBack();

    await resultGroup(page, '通讯录').getByText('白雪').click();
    await page.waitForURL('**/addressbook/userInfo**');
    await page.getByText('白雪').first().waitFor({ timeout: 30_000 });

    // 汉字 are marked where they matched; the searches are remembered for this person
    await page.goto(`${env.app.baseUrl}/search?q=${encodeURIComponent('报销材料')}`);
    await expect
      .poll(() => resultGroup(page, '邮件').locator('mark.search-mark').first().textContent(), { timeout: 30_000 })
      .toBe('报销材料');
    await page.goto(`${env.app.baseUrl}/search`);
    const recent = page.getByRole('region', { name: '最近搜索' });
    await recent.getByRole('button', { name: 'bx', exact: true }).waitFor({ timeout: 30_000 });
  });

  it('on a tablet at 1024×768, a result opens beside the list and the rail offers 搜索', async () => {
    const page = await onDevice('zhangsan', IPAD);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '搜索', exact: true }).click();
    await page.waitForURL('**/search');
    await searchFor(page, 'bx');
    const list = page.getByRole('region', { name: '搜索结果', exact: true });
    await list.getByText(subject).click();
    const pane = page.getByRole('region', { name: '搜索结果内容' });
    await pane.getByText('请补充报销材料').waitFor({ timeout: 30_000 });
    // the list stays beside it, the opened row marked
    await list.getByText('白雪').waitFor();
    expect(await list.locator('[aria-current="true"]').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('open')).toMatch(/^mail:/);
  });
});
