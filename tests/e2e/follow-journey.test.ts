import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useAppAndBrowser, signedInOnPhone } from './support/app';
import { fridayToMonday, pickAndConfirm, pickOption, pickRange, tapWheelItem } from './support/pickers';

const env = useAppAndBrowser();

const signedIn = (username: string) => signedInOnPhone(env, username);

async function fillLeave(page: Page, reason: string) {
  await page.goto(`${env.app.baseUrl}/follow/followList`);
  await page.getByRole('button', { name: '请假' }).click();
  await pickOption(page, '请假类型', '年假');
  const { friday, monday } = fridayToMonday();
  await pickRange(page, '请假时间', friday, monday);
  await page.getByLabel('请假事由').fill(reason);
}

describe('approval journeys (审批)', () => {
  it('a leave started by 张三 reaches 李四 in 待办, is approved with an opinion, and 张三 sees it approved with the trace', async () => {
    const zhangsan = await signedIn('zhangsan');
    await fillLeave(zhangsan, '陪家人体检');
    await zhangsan.getByRole('button', { name: '提交', exact: true }).click();
    await zhangsan.waitForURL('**/followStartDetail?**');
    await zhangsan.getByText('审批中').first().waitFor();

    const lisi = await signedIn('lisi');
    // the home badge counts 待办 only, 待阅 has its own on the hub (seeded: one 待办, plus the new leave)
    await expect.poll(() => lisi.getByRole('navigation', { name: '应用' }).getByText('审批').locator('..').innerText()).toContain('2');
    await lisi.goto(`${env.app.baseUrl}/follow/waitList`);
    await lisi.getByRole('button', { name: /张三的请假/ }).first().click();
    await lisi.waitForURL('**/followWaitDetail?**');
    await lisi.getByText('陪家人体检').waitFor();
    // the detail page offers each allowed action as its own button; 同意 opens 办理 with it chosen
    await lisi.getByRole('button', { name: '同意', exact: true }).click();
    await lisi.getByRole('radio', { name: '同意', checked: true }).waitFor();
    await lisi.getByPlaceholder('请输入审批意见').fill('同意，注意休息。');
    await lisi.getByRole('button', { name: '确定', exact: true }).click();
    await lisi.getByRole('button', { name: '确认' }).click();
    await lisi.getByText('同意成功').waitFor();

    await zhangsan.reload();
    await zhangsan.getByText('已通过').first().waitFor();
    const trace = zhangsan.getByRole('list', { name: '流转记录' });
    await trace.getByText('同意，注意休息。').waitFor();
    await trace.getByText('李四', { exact: false }).first().waitFor();
  });

  it('a return lands in the initiator’s 我的退回, who resubmits it', async () => {
    const zhangsan = await signedIn('zhangsan');
    await fillLeave(zhangsan, '参加孩子家长会');
    await zhangsan.getByRole('button', { name: '提交', exact: true }).click();
    await zhangsan.waitForURL('**/followStartDetail?**');

    const lisi = await signedIn('lisi');
    await lisi.goto(`${env.app.baseUrl}/follow/waitList`);
    await lisi.getByRole('button', { name: /张三的请假/ }).first().click();
    await lisi.getByText('参加孩子家长会').waitFor();
    await lisi.getByRole('button', { name: '退回', exact: true }).click();
    await lisi.getByRole('radio', { name: '退回', checked: true }).waitFor();
    // the return target is an antd-mobile Picker in a bottom sheet, never a native select
    expect(await lisi.locator('select').count()).toBe(0);
    const target = lisi.getByRole('button', { name: /^退回至/ });
    await target.filter({ hasText: '请选择退回节点' }).waitFor();
    await pickAndConfirm(
      lisi,
      () => target.click(),
      () => tapWheelItem(lisi.locator('.adm-picker-view-column-item-label:visible').getByText('发起申请（发起人）', { exact: true })),
      target.filter({ hasText: '发起申请（发起人）' }),
    );
    await lisi.getByPlaceholder('请输入审批意见').fill('请补充请假天数说明');
    // the picker's closed sheet keeps its own 确定 in the page (outside #root)
    await lisi.locator('#root').getByRole('button', { name: '确定', exact: true }).click();
    await lisi.getByRole('button', { name: '确认' }).click();
    await lisi.getByText('退回成功').waitFor();

    await zhangsan.goto(`${env.app.baseUrl}/follow/backList`);
    await zhangsan.getByRole('button', { name: /张三的请假/ }).first().click();
    await zhangsan.getByText('请补充请假天数说明', { exact: false }).waitFor();
    await zhangsan.getByRole('button', { name: '重新提交' }).click();
    await zhangsan.getByRole('button', { name: '确定', exact: true }).click();
    await zhangsan.getByRole('button', { name: '确认' }).click();
    await zhangsan.getByText('重新提交成功').waitFor();
    await zhangsan.goto(`${env.app.baseUrl}/follow/backList`);
    // the seeded 用印 stays returned; the resubmitted leave has left the list
    await zhangsan.getByRole('button', { name: /张三的用印/ }).waitFor();
    await expect.poll(() => zhangsan.getByRole('button', { name: /张三的请假/ }).count()).toBe(0);
  });

  it('a circulated document waits in 待阅 and moves to 已阅 once opened; its name is the page title', async () => {
    const zhangsan = await signedIn('zhangsan');
    await zhangsan.goto(`${env.app.baseUrl}/follow/unreadList`);
    // opening it sends the mark; the page is left by a full load below, which would cut a mark still on its way
    const marked = zhangsan.waitForResponse((r) => /\/api\/flow\/reads\/[^/]+\/read$/.test(r.url()) && r.request().method() === 'POST');
    await zhangsan.getByRole('button', { name: /冬季安全生产/ }).click();
    await zhangsan.waitForURL('**/followUnreadDetail?**');
    await expect.poll(() => zhangsan.title(), { timeout: 15_000 }).toBe('关于做好2026年冬季安全生产工作的通知');
    expect((await marked).ok()).toBe(true);
    await zhangsan.goto(`${env.app.baseUrl}/follow/readList`);
    await zhangsan.getByRole('button', { name: /冬季安全生产/ }).waitFor();
    await zhangsan.goto(`${env.app.baseUrl}/follow/unreadList`);
    await zhangsan.getByText('暂无待阅').waitFor();
  });
});
