import { afterEach, describe, expect, it } from 'vitest';
import { IPAD, newContext } from './support/browser';
import { openSignedIn, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();

const pageErrors: string[][] = [];
afterEach(() => expect(pageErrors.splice(0).flat()).toEqual([]));

describe('业务建模 on a tablet (1024×768)', () => {
  it('a record opens beside the model’s list, and stays open through a reload', async () => {
    const { context, errors } = await newContext(env.browser, IPAD);
    pageErrors.push(errors);
    const page = await context.newPage();
    await openSignedIn(page, env.app.baseUrl, 'zhangsan', '/');
    await page.waitForURL(/\/pad/);
    await page.goto(`${env.app.baseUrl}/customModule/list?code=vehicle`);
    const list = page.getByRole('region', { name: '车辆管理' });
    const rows = list.locator('[data-split-item]');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const title = await rows.first().locator('.custom-row-title').innerText();
    await rows.first().click();
    const detail = page.getByRole('region', { name: '业务详情' });
    await detail.getByText(title).first().waitFor();
    // the first record already showed beside the list (issue 47); the tap writes it into the address
    await expect.poll(() => new URL(page.url()).searchParams.get('id'), { timeout: 10_000 }).toBeTruthy();
    await page.reload();
    await detail.getByText(title).first().waitFor();
    await expect.poll(() => list.locator('[aria-current="true"]').count(), { timeout: 20_000 }).toBe(1);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '工作台' }).waitFor();
  });
});
