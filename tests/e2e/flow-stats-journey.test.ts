import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FlowStats } from '../../contract/flow-stats';
import { api, loginAs } from '../factories/test-server';
import { IPAD, newContext } from './support/browser';
import { openSignedIn, signedInOnPhone, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();
const pageErrors: string[][] = [];
afterEach(() => expect(pageErrors.splice(0).flat()).toEqual([]));

async function statsFromApi(username: string, scope: string): Promise<FlowStats> {
  const password = username === 'admin' ? 'admin123' : '123456';
  const client = api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, password));
  const answer = await client.get<FlowStats>(`/api/flow/stats?scope=${scope}`);
  expect(answer.status, answer.body.msg).toBe(200);
  return answer.body.data;
}

/** The figure a card shows under `label` (the dt/dd pairs beside each chart). */
const figure = (page: Page, card: string, label: string) =>
  page
    .getByRole('region', { name: card })
    .locator('.flow-stats-figure', { has: page.locator('dt', { hasText: label }) })
    .locator('dd')
    .innerText();
const chartValues = (page: Page, title: string) =>
  page.getByRole('img', { name: title }).getAttribute('data-chart-values');

describe('审批统计', () => {
  it('360×640: a department head opens it from the 审批 hub and reads the same numbers as the API', async () => {
    const page = await signedInOnPhone(env, 'lisi', { at: '/follow/index' });
    await page.getByRole('link', { name: /审批统计/ }).click();
    await page.waitForURL('**/follow/stats');
    const me = (await statsFromApi('lisi', 'me')).me!;
    await page.getByText('本月已办').waitFor();
    expect(
      await page
        .locator('.flow-stats-summary dt', { hasText: '本月已办' })
        .locator('xpath=..')
        .locator('dd')
        .innerText(),
    ).toBe(`${me.handledThisMonth}条`);
    // the chart (Chart.js, loaded with this page) draws exactly the API's figures
    await expect
      .poll(() => chartValues(page, '待办等待时长'), { timeout: 20_000 })
      .toBe(me.waitingByAge.map((b) => b.count).join(','));
    for (const bucket of me.waitingByAge)
      expect(await figure(page, '待办等待时长', bucket.label)).toBe(`${bucket.count}条`);
    const box = await page.getByRole('img', { name: '待办等待时长' }).boundingBox();
    expect(box!.width).toBeGreaterThan(250);
    expect(box!.width).toBeLessThanOrEqual(360);

    await page.getByRole('tab', { name: '本部门' }).click();
    const dept = (await statsFromApi('lisi', 'dept')).dept!;
    await page.getByRole('region', { name: '最慢的审批节点' }).waitFor();
    await expect
      .poll(() => chartValues(page, '部门待办等待时长'), { timeout: 20_000 })
      .toBe(dept.waitingByAge.map((b) => b.count).join(','));
    expect(await page.getByRole('tab', { name: '全部流程' }).count()).toBe(0);
  });

  it('1024×768: an administrator reads every flow side by side, the same as the API', async () => {
    const { context, errors } = await newContext(env.browser, { ...IPAD, viewport: { width: 1024, height: 768 } });
    pageErrors.push(errors);
    const page = await context.newPage();
    await openSignedIn(page, env.app.baseUrl, 'admin', '/', 'admin123');
    await page.waitForURL(/\/pad/);
    await page.goto(`${env.app.baseUrl}/follow/stats`);
    await page.getByRole('tab', { name: '全部流程' }).click();
    const all = (await statsFromApi('admin', 'all')).all!;
    expect(all.definitions.length).toBeGreaterThan(0);
    await expect
      .poll(() => chartValues(page, '各流程发起量（近90天）'), { timeout: 20_000 })
      .toBe(all.definitions.map((d) => d.volume).join(','));
    const first = all.definitions[0]!;
    expect(await figure(page, first.name, '发起量')).toBe(`${first.volume}件`);
    expect(await figure(page, first.name, '最久等待节点')).toBe(first.slowestNode?.nodeName ?? '暂无');
    // two cards share a row on the tablet
    const cards = page.locator('.flow-stats-grid > .flow-stats-card');
    const [a, b] = [await cards.nth(1).boundingBox(), await cards.nth(2).boundingBox()];
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
  });
});
