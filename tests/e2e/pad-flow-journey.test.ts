import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { IPAD, newContext } from './support/browser';
import { openSignedIn, useAppAndBrowser } from './support/app';
import { fridayToMonday, pickOption, pickRange } from './support/pickers';
import { docsScreenshot } from './support/docs-screenshot';

const env = useAppAndBrowser();

/** Signs in on an iPad whose window has this size; a tablet lands on the 待办 list of /padbacklog/index. */
async function onIpad(username: string, width: number, height: number): Promise<{ page: Page; errors: string[] }> {
  const { context, errors } = await newContext(env.browser, { ...IPAD, viewport: { width, height } });
  const page = await context.newPage();
  await openSignedIn(page, env.app.baseUrl, username, '/');
  await page.waitForURL('**/padbacklog/index');
  return { page, errors };
}

/** 张三 starts a leave from the tablet's two-pane 发起申请 and lands on its detail in the tablet frame. */
async function startLeave(reason: string): Promise<string> {
  const { page } = await onIpad('zhangsan', 1024, 768);
  await page.goto(`${env.app.baseUrl}/padflow/start`);
  await page.getByText('请从左侧选择要发起的流程').waitFor();
  await page.getByRole('region', { name: '流程目录' }).getByRole('button', { name: '请假' }).click();
  const form = page.getByRole('region', { name: '申请表单' });
  await pickOption(page, '请假类型', '年假');
  const { friday, monday } = fridayToMonday();
  await pickRange(page, '请假时间', friday, monday);
  await form.getByLabel('请假事由').fill(reason);
  await form.getByRole('button', { name: '提交', exact: true }).click();
  await page.waitForURL('**/padflow/startDetail?**');
  await page.getByRole('region', { name: '审批详情' }).getByText(reason).waitFor();
  const instanceId = new URL(page.url()).searchParams.get('instanceId');
  expect(instanceId).toBeTruthy();
  await page.context().close();
  return instanceId!;
}

const list = (page: Page) => page.getByRole('region', { name: '待办' });
const detail = (page: Page) => page.getByRole('region', { name: '审批详情' });
const selectedRow = (page: Page) => list(page).locator('[data-split-item][aria-current="true"]');
const searchOf = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe('tablet 待办 and 审批 (iPad)', () => {
  it('1024×768: / lands on the to-do list; a to-do approved in the right pane leaves the list and the next one opens', async () => {
    const instanceId = await startLeave('陪家人复查');
    const { page, errors } = await onIpad('lisi', 1024, 768);
    await page.goto(`${env.app.baseUrl}/`);
    await page.waitForURL('**/padbacklog/index');
    await page.getByRole('tab', { name: /待办/, selected: true }).waitFor();
    // a wide window shows the first to-do beside the list rather than an empty 请从左侧选择一项 (issue 47)
    await expect.poll(() => selectedRow(page).count(), { timeout: 20_000 }).toBe(1);
    await detail(page).getByRole('button', { name: '同意', exact: true }).waitFor({ timeout: 20_000 });
    expect(await detail(page).getByText('请从左侧选择一项').count()).toBe(0);

    const rowsBefore = await list(page).locator('[data-split-item]').count();
    await list(page)
      .getByRole('button', { name: /张三的请假/ })
      .first()
      .click();
    await detail(page).getByText('陪家人复查').waitFor();
    // the leave may be the first row, already shown before the tap wrote it into the address
    await expect.poll(() => searchOf(page, 'instanceId'), { timeout: 10_000 }).toBe(instanceId);
    await expect.poll(() => selectedRow(page).count()).toBe(1);
    await docsScreenshot(page, 'pad-backlog');

    await detail(page).getByRole('button', { name: '同意', exact: true }).click();
    await detail(page).getByRole('radio', { name: '同意', checked: true }).waitFor();
    // the list stays beside the 办理 form
    await list(page)
      .getByRole('button', { name: /张三的请假/ })
      .first()
      .waitFor();
    await detail(page).getByPlaceholder('请输入审批意见').fill('同意，平板上批的。');
    await detail(page).getByRole('button', { name: '确定', exact: true }).click();
    await page.getByRole('button', { name: '确认' }).click();
    await page.getByText('同意成功').waitFor();

    // the approved leave is gone from 待办; the pane moved on to what was next in the list
    await expect.poll(() => list(page).locator('[data-split-item]').count()).toBe(rowsBefore - 1);
    await expect.poll(() => searchOf(page, 'instanceId')).not.toBe(instanceId);
    expect(searchOf(page, 'deal')).toBeNull();
    if (rowsBefore > 1) {
      await expect.poll(() => selectedRow(page).count()).toBe(1);
      await detail(page).getByRole('button', { name: '同意', exact: true }).waitFor();
    } else {
      await detail(page).getByText('请从左侧选择一项').waitFor();
    }

    // 已办 now holds it
    await page.getByRole('tab', { name: '已办' }).click();
    await page
      .getByRole('region', { name: '已办' })
      .getByRole('button', { name: /张三的请假/ })
      .first()
      .click();
    await detail(page).getByText('同意，平板上批的。').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('768×1024: arrow keys move through the rows, Enter opens one; 流程查询 finds a flow and opens it beside the results', async () => {
    const { page, errors } = await onIpad('lisi', 768, 1024);
    await page.getByRole('tab', { name: '已办' }).click();
    // the tab is written into the address first; keys pressed before that lands went to rows it then replaced (CI, once)
    await expect.poll(() => searchOf(page, 'tab')).toBe('history');
    const done = page.getByRole('region', { name: '已办' });
    const rows = done.locator('[data-split-item]');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await rows.first().focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    // ArrowDown used to be swallowed by the list's pull-to-refresh gesture
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => rows.evaluateAll((els) => els.indexOf(document.activeElement as HTMLElement))).toBe(1);
    await page.keyboard.press('Enter');
    // the row Enter opened is the selected one, and only it
    await expect
      .poll(() =>
        rows.evaluateAll((els) => els.flatMap((el, i) => (el.getAttribute('aria-current') === 'true' ? [i] : []))),
      )
      .toEqual([1]);
    expect(searchOf(page, 'instanceId')).toBeTruthy();
    expect(searchOf(page, 'tab')).toBe('history');
    await detail(page).getByRole('list', { name: '流转记录' }).waitFor();

    await page.goto(`${env.app.baseUrl}/padbacklog/searchList`);
    await page.getByPlaceholder('请输入关键字').fill('冬季安全生产');
    // keys typed in the search form stay there
    await page.keyboard.press('Home');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.placeholder))
      .toBe('请输入关键字');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await expect.poll(() => searchOf(page, 'keyword')).toBe('冬季安全生产');
    const results = page.getByRole('region', { name: '查询结果' });
    await results
      .getByRole('button', { name: /冬季安全生产/ })
      .first()
      .click();
    await detail(page).getByText('华晟办〔2026〕18号').first().waitFor();
    await expect.poll(() => results.locator('[data-split-item][aria-current="true"]').count()).toBe(1);

    // /padflow opens its default child, the to-do list in the tablet frame, carrying a link's flow along
    const flowId = searchOf(page, 'instanceId')!;
    await page.goto(`${env.app.baseUrl}/padflow?instanceId=${flowId}`);
    await page.waitForURL(`**/padflow/waitDetail?instanceId=${flowId}`);
    await detail(page).getByText('华晟办〔2026〕18号').first().waitFor();
    await list(page).locator('[data-split-item]').first().waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('507×1024 (split view): one pane with 返回; widening the window keeps the chosen to-do and shows both panes', async () => {
    const { page, errors } = await onIpad('lisi', 507, 1024);
    await list(page)
      .getByRole('button', { name: /张三的请假/ })
      .first()
      .waitFor();
    expect(await detail(page).count()).toBe(0);
    await docsScreenshot(page, 'pad-backlog-narrow');

    await list(page)
      .getByRole('button', { name: /张三的请假/ })
      .first()
      .click();
    await detail(page).getByRole('button', { name: '返回' }).waitFor();
    expect(await list(page).count()).toBe(0);
    const chosen = searchOf(page, 'instanceId');
    expect(chosen).toBeTruthy();

    // rotating / leaving split view: the same to-do stays open, now beside the list
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(() => selectedRow(page).count()).toBe(1);
    await expect.poll(() => detail(page).getByRole('button', { name: '返回', exact: true }).count()).toBe(0);
    expect(searchOf(page, 'instanceId')).toBe(chosen);

    await page.setViewportSize({ width: 507, height: 1024 });
    await detail(page).getByRole('button', { name: '返回', exact: true }).click();
    await list(page)
      .getByRole('button', { name: /张三的请假/ })
      .first()
      .waitFor();
    expect(searchOf(page, 'instanceId')).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
