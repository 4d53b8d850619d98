import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tabletsCheckedForErrors, useAppAndBrowser } from './support/app';
import { atRest } from './support/at-rest';

const env = useAppAndBrowser();
const onIpad = tabletsCheckedForErrors(env);

const rows = (page: Page, list: string) => page.getByRole('region', { name: list }).locator('[data-split-item]');
const searchOf = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe.each([
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
])('会议 on a tablet at $width×$height', ({ width, height }) => {
  it('a meeting opens beside its list; the list and the meeting stay in the address through a reload', async () => {
    const page = await onIpad('zhangsan', { width, height }, '/padworktable/index');
    await page.getByRole('navigation', { name: '应用' }).getByRole('link', { name: /会议/ }).click();
    await page.waitForURL('**/meeting/index');
    await expect.poll(() => rows(page, '待回复').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const title = (await rows(page, '待回复').first().innerText()).split('\n')[0]!.trim();
    await rows(page, '待回复').first().click();
    const detail = page.getByRole('region', { name: '会议详情' });
    await detail.getByText(title).first().waitFor();
    // the first meeting already showed beside the list (issue 47); the tap writes it into the address
    await expect.poll(() => searchOf(page, 'id'), { timeout: 10_000 }).toBeTruthy();

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

  it('预订会议, 会议室 and 扫码签到 are one row of compact buttons that fits the pane, and each opens its page', async () => {
    const page = await onIpad('zhangsan', { width, height }, '/meeting/index');
    const actions = page.getByRole('group', { name: '会议操作' });
    const names = ['预订会议', '会议室', '扫码签到'];
    await actions.getByRole('button', { name: '扫码签到', exact: true }).waitFor({ timeout: 20_000 });
    await atRest(actions);
    const boxes = [];
    for (const name of names) boxes.push((await actions.getByRole('button', { name, exact: true }).boundingBox())!);
    const list = (await page.getByRole('region', { name: '待回复' }).boundingBox())!;
    // one row: the same top; compact: together narrower than the list pane, not three tiles spread over both panes
    expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
    const right = Math.max(...boxes.map((b) => b.x + b.width));
    expect(right - boxes[0]!.x).toBeLessThanOrEqual(list.width);
    expect(right).toBeLessThanOrEqual(width);
    for (const box of boxes) expect(box.height).toBeLessThanOrEqual(40);

    for (const [name, path] of [
      ['预订会议', '/meeting/addMeeting'],
      ['会议室', '/meeting/room'],
      ['扫码签到', '/meeting/scanCodePage'],
    ] as const) {
      await page.goto(`${env.app.baseUrl}/meeting/index`);
      await actions.getByRole('button', { name, exact: true }).click({ timeout: 20_000 });
      await page.waitForURL(`**${path}`, { timeout: 20_000 });
    }
  });
});
