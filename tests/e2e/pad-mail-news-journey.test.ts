import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tabletsCheckedForErrors, useAppAndBrowser } from './support/app';
import { docsScreenshot } from './support/docs-screenshot';

const env = useAppAndBrowser();
const onIpad = tabletsCheckedForErrors(env);

const rail = (page: Page) => page.getByRole('navigation', { name: '主导航' });
const idOf = (page: Page) => new URL(page.url()).searchParams.get('id');
const rows = (page: Page, list: string) => page.getByRole('region', { name: list }).locator('[data-split-item]');
const selected = (page: Page, list: string) =>
  page.getByRole('region', { name: list }).locator('[data-split-item][aria-current="true"]');

/** Opens a 工作台 tile and waits for its list's rows. */
async function openTile(page: Page, tile: string, list: string) {
  await page.goto(`${env.app.baseUrl}/padworktable/index`);
  await page
    .getByRole('navigation', { name: '应用' })
    .getByRole('link', { name: new RegExp(tile) })
    .click();
  await expect.poll(() => rows(page, list).count(), { timeout: 20_000 }).toBeGreaterThan(1);
}

describe.each([
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
])('邮件 and 资讯 on a tablet at $width×$height', ({ width, height }) => {
  it('邮件: a folder’s mail opens beside it; keys move through rows; reload keeps the mail; folders keep the rail', async () => {
    const page = await onIpad('zhangsan', { width, height });
    await openTile(page, '邮件', '收件箱');
    await page.waitForURL('**/email/inbox');
    const reading = page.getByRole('region', { name: '邮件内容' });
    await reading.getByText('请从左侧选择一封邮件').waitFor();
    await rows(page, '收件箱').first().click();
    await expect.poll(() => idOf(page)).toBeTruthy();
    await reading.locator('.mail-body').waitFor();
    expect(await selected(page, '收件箱').count()).toBe(1);
    if (width === 1024) await docsScreenshot(page, 'pad-mail');

    // the arrow keys move to the next row, Enter opens it beside the list
    const first = idOf(page);
    await rows(page, '收件箱').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => idOf(page)).not.toBe(first);
    const second = idOf(page);
    await page.reload();
    await reading.locator('.mail-body').waitFor();
    expect(idOf(page)).toBe(second);
    await expect.poll(() => selected(page, '收件箱').count()).toBe(1);

    await page.getByRole('navigation', { name: '邮件夹' }).getByRole('link', { name: '已发送' }).click();
    await page.waitForURL('**/email/outbox');
    await rows(page, '已发送').first().click();
    await reading.locator('.mail-body').waitFor();
    await rail(page).getByRole('link', { name: '工作台', exact: true }).waitFor();
  });

  it('资讯: an article opens beside 最新资讯; 我的 filters by status; a deep link opens its article', async () => {
    const page = await onIpad('zhangsan', { width, height });
    await openTile(page, '资讯', '最新资讯');
    await page.waitForURL('**/news/Headlines');
    const reading = page.getByRole('region', { name: '资讯内容' });
    const title = (await rows(page, '最新资讯').first().locator('h3').innerText()).replace(/^置顶/, '').trim();
    await rows(page, '最新资讯').first().click();
    await reading.getByRole('heading', { name: title }).first().waitFor();
    expect(await selected(page, '最新资讯').count()).toBe(1);
    if (width === 1024) await docsScreenshot(page, 'pad-news');

    const link = page.url();
    await page.getByRole('navigation', { name: '资讯导航' }).getByRole('link', { name: '我的' }).click();
    await page.waitForURL('**/news/my');
    await page.getByRole('group', { name: '状态' }).getByRole('button', { name: '全部' }).waitFor();
    await page.goto(link);
    await reading.getByRole('heading', { name: title }).first().waitFor();
    await rail(page).getByRole('link', { name: '工作台', exact: true }).waitFor();
  });
});

describe('one pane (iPad split view, 507×1024)', () => {
  it('a mail opens alone with 返回; 返回 leaves no entry that Back would reopen', async () => {
    const page = await onIpad('zhangsan', { width: 507, height: 1024 });
    await openTile(page, '邮件', '收件箱');
    const reading = page.getByRole('region', { name: '邮件内容' });
    expect(await reading.count()).toBe(0);
    await rows(page, '收件箱').first().click();
    await reading.locator('.mail-body').waitFor();
    expect(await page.getByRole('region', { name: '收件箱' }).count()).toBe(0);
    await reading.getByRole('button', { name: '返回', exact: true }).click();
    await rows(page, '收件箱').first().waitFor();
    expect(idOf(page)).toBeNull();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/email/inbox');
    expect(idOf(page)).toBeNull();
  });
});
