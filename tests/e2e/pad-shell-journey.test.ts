import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tabletsCheckedForErrors, useAppAndBrowser } from './support/app';
import { untilStill } from './support/at-rest';

const env = useAppAndBrowser();
const onIpad = tabletsCheckedForErrors(env);

/** Uncaught errors of every page opened here: a journey that threw in the page fails even if it looked right. */

const rail = (page: Page) => page.getByRole('navigation', { name: '主导航' });
const searchOf = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/**
 * The page's box once the stage shows one page, still. A transition shows the old page's snapshot beside the new one
 * until it ends, and may begin after the address changed (while the route loads): each read takes every slot at once.
 */
async function settledSlot(page: Page): Promise<{ x: number; width: number }> {
  const read = () =>
    page.evaluate(() => {
      const slots = document.querySelectorAll('.page-slot');
      if (slots.length !== 1) return null;
      const { x, width } = slots[0].getBoundingClientRect();
      return JSON.stringify({ x, width });
    });
  return JSON.parse(await untilStill(read)) as { x: number; width: number };
}

/** The tablet navigation is on screen, the page fills the stage beside it, and no phone tab bar shows. */
async function expectInShell(page: Page, width: number) {
  await rail(page).getByRole('link', { name: '工作台' }).waitFor();
  expect(await page.locator('.tab-bar:visible').count()).toBe(0);
  const rect = (await rail(page).boundingBox())!;
  const slot = await settledSlot(page);
  expect(slot.x).toBeGreaterThanOrEqual(rect.x + rect.width - 1);
  expect(Math.round(slot.x + slot.width)).toBe(width);
}

const MODULES = [
  { tile: '审批', url: '**/follow/index' },
  { tile: '资讯', url: '**/news/**' },
  { tile: '邮件', url: '**/email/**' },
  { tile: '会议', url: '**/meeting/**' },
  { tile: '日程', url: '**/schedule/**' },
  { tile: '通讯录', url: '**/padcontacts**' },
  { tile: '业务建模', url: '**/customModule/**' },
  { tile: 'AI助手', url: '**/Ai**' },
];

describe.each([
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
])('the tablet shell at $width×$height', ({ width, height }) => {
  it('every 工作台 tile opens its module inside the shell, the rail on screen and no phone tab bar', async () => {
    const page = await onIpad('zhangsan', { width, height });
    for (const { tile, url } of MODULES) {
      await page.goto(`${env.app.baseUrl}/padworktable/index`);
      await page
        .getByRole('navigation', { name: '应用' })
        .getByRole('link', { name: new RegExp(tile) })
        .click();
      await page.waitForURL(url);
      await expectInShell(page, width);
      // the section a module belongs to is marked in the rail
      expect(await rail(page).locator('[aria-current="page"]').count()).toBe(1);
    }
    // a phone page with a tablet screen of its own opens that screen instead
    await page.goto(`${env.app.baseUrl}/phonehome`);
    await page.waitForURL('**/padworktable/index');
    await page.goto(`${env.app.baseUrl}/addressbook/index`);
    await page.waitForURL('**/padcontacts');
    await expectInShell(page, width);
  });

  it('every /padflow tab and /padbacklog/searchList is reached from the rail; the hub’s lists open a flow beside them', async () => {
    const page = await onIpad('lisi', { width, height });
    await rail(page).getByRole('link', { name: '审批' }).click();
    await page.waitForURL('**/padflow/waitDetail');
    const tabs = page.getByRole('navigation', { name: '审批' });
    for (const [name, path] of [
      ['待阅', 'unreadDetail'],
      ['已办', 'viewDetail'],
      ['我发起的', 'startDetail'],
      ['流程查询', 'searchFlowList'],
      ['发起申请', 'start'],
      ['待办', 'waitDetail'],
    ] as const) {
      await tabs.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`**/padflow/${path}`);
      expect(await tabs.getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe('page');
      await expectInShell(page, width);
    }
    await rail(page).getByRole('link', { name: '发起申请' }).click();
    await page.waitForURL('**/padflow/start');
    await page.getByText('请从左侧选择要发起的流程').waitFor();

    await rail(page).getByRole('link', { name: '待办' }).click();
    await page.waitForURL('**/padbacklog/index');
    await page.getByRole('link', { name: '流程查询' }).click();
    await page.waitForURL('**/padbacklog/searchList');
    await page.getByPlaceholder('请输入关键字').waitFor();

    // the other lists are on the 审批 hub; each shows the chosen flow beside it (lisi's 已办 holds flows)
    await page.goto(`${env.app.baseUrl}/padflow/waitDetail`);
    await tabs.getByRole('link', { name: '更多审批' }).click();
    await page.waitForURL('**/follow/index');
    // within the hub: while the hub slides in, the 审批 tabs it replaces (with their own 已办) are still on the page
    await page.getByRole('navigation', { name: '审批列表' }).getByRole('link', { name: /已办/ }).click();
    await page.waitForURL('**/follow/historyList');
    const list = page.getByRole('region', { name: '已办' });
    await list.locator('[data-split-item]').first().click();
    await expect.poll(() => searchOf(page, 'instanceId')).toBeTruthy();
    await page.getByRole('region', { name: '审批详情' }).getByRole('list', { name: '流转记录' }).waitFor();
    expect(await list.locator('[data-split-item][aria-current="true"]').count()).toBe(1);
    await expectInShell(page, width);
  });
});

describe('one pane (iPad split view, 507×1024)', () => {
  it('返回 closes the flow without an entry that Back would reopen; the rail stays', async () => {
    const page = await onIpad('lisi', { width: 507, height: 1024 }, '/follow/historyList');
    const list = page.getByRole('region', { name: '已办' });
    await list.locator('[data-split-item]').first().click();
    const detail = page.getByRole('region', { name: '审批详情' });
    await detail.getByRole('list', { name: '流转记录' }).waitFor();
    expect(await list.count()).toBe(0);
    await rail(page).getByRole('link', { name: '工作台' }).waitFor();
    await detail.getByRole('button', { name: '返回', exact: true }).click();
    await list.locator('[data-split-item]').first().waitFor();
    expect(searchOf(page, 'instanceId')).toBeNull();
    // Back now leaves the list (to the page before it), it does not reopen the flow
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/follow/historyList');
    expect(page.url()).not.toContain('instanceId');
  });
});
