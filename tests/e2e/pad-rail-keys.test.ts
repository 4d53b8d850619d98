import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Page as ListPage } from '../../contract/envelope';
import type { FlowListRow } from '../../contract/flow';
import { api, loginAs } from '../factories/test-server';
import { leaveWaitingForLisi } from './support/leave';
import { tabletsCheckedForErrors, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();
const onIpad = tabletsCheckedForErrors(env);

/** Uncaught errors of every page opened here: a journey that threw in the page fails even if it looked right. */

const rail = (page: Page) => page.getByRole('navigation', { name: '主导航' });
/** Which row has the keyboard's focus (-1: none of them). */
const focusedRow = (rows: Locator) => rows.evaluateAll((els) => els.indexOf(document.activeElement as HTMLElement));
const searchOf = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe('the keyboard on a tablet at 1024×768', () => {
  it('↓ from the rail enters the 待办 list; ↓ moves on, Enter opens; ↓ again lands on the row open', async () => {
    await leaveWaitingForLisi(env.app, '键盘进入列表的请假');
    const client = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'lisi', '123456'));
    const todo = (await client.get<ListPage<FlowListRow>>('/api/flow/task/todo?pageNum=1&pageSize=10')).body.data.rows;
    expect(todo.length).toBeGreaterThan(1);
    const page = await onIpad('lisi');
    await page.waitForURL('**/padbacklog/index');
    const rows = page.getByRole('region', { name: '待办', exact: true }).locator('[data-split-item]');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(1);

    await rail(page).getByRole('link', { name: '待办', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedRow(rows), { timeout: 10_000 }).toBe(0);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedRow(rows), { timeout: 10_000 }).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => searchOf(page, 'instanceId'), { timeout: 10_000 }).toBe(todo[1]!.instanceId);
    await page
      .getByRole('region', { name: '审批详情' })
      .getByText(todo[1]!.serial, { exact: true })
      .waitFor({ timeout: 20_000 });

    // back on the rail, ↓ returns to the row that is open, not to the top
    await rail(page).getByRole('link', { name: '待办', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedRow(rows), { timeout: 10_000 }).toBe(1);
  });

  it('↓ from the rail enters the 会议 list too', async () => {
    const page = await onIpad('zhangsan', undefined, '/meeting/index');
    const rows = page.getByRole('region', { name: '待回复', exact: true }).locator('[data-split-item]');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await rail(page).getByRole('link', { name: '工作台', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedRow(rows), { timeout: 10_000 }).toBe(0);
  });
});
