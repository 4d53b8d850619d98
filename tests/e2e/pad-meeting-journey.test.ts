import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { IPAD, newContext } from './support/browser';
import { loginThroughForm, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();

const pageErrors: string[][] = [];
afterEach(() => expect(pageErrors.splice(0).flat()).toEqual([]));

async function onIpad(username: string, viewport: { width: number; height: number }): Promise<Page> {
  const { context, errors } = await newContext(env.browser, { ...IPAD, viewport });
  pageErrors.push(errors);
  const page = await context.newPage();
  await loginThroughForm(page, env.app.baseUrl, username, '123456');
  await page.waitForURL(/\/pad/);
  return page;
}

const rows = (page: Page, list: string) => page.getByRole('region', { name: list }).locator('[data-split-item]');
const searchOf = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe.each([
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
])('会议 on a tablet at $width×$height', ({ width, height }) => {
  it('a meeting opens beside its list; the list and the meeting stay in the address through a reload', async () => {
    const page = await onIpad('zhangsan', { width, height });
    await page.goto(`${env.app.baseUrl}/padworktable/index`);
    await page.getByRole('navigation', { name: '应用' }).getByRole('link', { name: /会议/ }).click();
    await page.waitForURL('**/meeting/index');
    await expect.poll(() => rows(page, '待回复').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const title = (await rows(page, '待回复').first().innerText()).split('\n')[0]!.trim();
    await rows(page, '待回复').first().click();
    const detail = page.getByRole('region', { name: '会议详情' });
    await detail.getByText(title).first().waitFor();
    expect(searchOf(page, 'id')).toBeTruthy();

    await page.getByRole('group', { name: '会议列表' }).getByRole('button', { name: '待开始' }).click();
    await expect.poll(() => searchOf(page, 'list')).toBe('upcoming');
    await expect.poll(() => rows(page, '待开始').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await rows(page, '待开始').first().click();
    await expect.poll(() => searchOf(page, 'id')).toBeTruthy();
    const id = searchOf(page, 'id');
    await page.reload();
    await expect
      .poll(() => page.getByRole('region', { name: '待开始' }).locator('[aria-current="true"]').count(), {
        timeout: 20_000,
      })
      .toBe(1);
    expect(searchOf(page, 'id')).toBe(id);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '工作台' }).waitFor();
  });
});
