import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, loginAs } from '../factories/test-server';
import { PHONE, newContext } from './support/browser';
import { openSignedIn, useAppAndBrowser, signedInOnPhone } from './support/app';
import { docsScreenshot } from './support/docs-screenshot';
import { fridayToMonday, pickOption, pickRange } from './support/pickers';

const env = useAppAndBrowser();

/** `days` after `date` (YYYY-MM-DD), as the calendar names it */
function plusDays(date: string, days: number) {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(y!, m! - 1, d! + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

async function openLeaveForm(page: Page) {
  await page.goto(`${env.app.baseUrl}/follow/followList`);
  await page.getByRole('button', { name: '请假' }).click();
  return page.getByRole('region', { name: '审批流程' });
}

describe('the start form shows the approval chain before 提交 (360×640)', () => {
  it('follows the branch the dates choose: 李四 alone for two days, then the 总经理 或签 for five', async () => {
    const zhangsan = await signedInOnPhone(env, 'zhangsan');
    const chain = await openLeaveForm(zhangsan);
    // an empty form already shows where it goes by default: zhangsan's department head
    await chain.getByText('部门负责人审批').waitFor({ timeout: 30_000 });
    await chain.getByText('李四', { exact: true }).waitFor();
    await pickOption(zhangsan, '请假类型', '年假');
    const { friday, monday } = fridayToMonday();
    await pickRange(zhangsan, '请假时间', friday, monday);
    await zhangsan.getByLabel('请假事由').fill('回老家办事');
    await expect.poll(() => chain.getByRole('listitem').count(), { timeout: 30_000 }).toBe(1);

    // Friday to Thursday is five working days: over three, the request goes on to the general managers (或签)
    await pickRange(zhangsan, '请假时间', friday, plusDays(friday, 6));
    await chain.getByText('总经理审批').waitFor({ timeout: 30_000 });
    await expect.poll(() => chain.getByRole('listitem').count(), { timeout: 30_000 }).toBe(2);
    await expect
      .poll(() => chain.getByRole('listitem').nth(1).innerText(), { timeout: 30_000 })
      .toMatch(/陈建国.*（或签）/s);
    await docsScreenshot(zhangsan, 'start-chain');

    // back to two days: the branch, and the chain, go back too
    await pickRange(zhangsan, '请假时间', friday, monday);
    await expect.poll(() => chain.getByRole('listitem').count(), { timeout: 30_000 }).toBe(1);
  });
});

describe('假期余额 on the 请假 form (360×640)', () => {
  it('an administrator sets 周杰’s 年假 to 2 days; his form shows it, and 5 days is refused at 提交', async () => {
    const { context } = await newContext(env.browser, PHONE);
    const admin = await context.newPage();
    await openSignedIn(admin, env.app.baseUrl, 'admin', '/phonehome', 'admin123');
    await admin.waitForURL('**/phonehome');
    await admin.goto(`${env.app.baseUrl}/follow/index`);
    await admin.getByRole('link', { name: /假期余额/ }).click();
    await admin.waitForURL('**/follow/leaveBalances');
    await admin.getByRole('button', { name: '选择人员' }).click();
    await admin.getByPlaceholder('搜索姓名、账号或手机号').fill('周杰');
    await admin.getByRole('checkbox', { name: '选择周杰' }).check();
    await admin.getByRole('button', { name: /^确定/ }).click();
    await admin.getByLabel('年假天数').fill('2');
    await admin.getByRole('listitem').filter({ hasText: '年假' }).getByRole('button', { name: '保存' }).click();
    await admin.getByText('假期余额已保存').waitFor({ timeout: 30_000 });
    await admin.getByRole('listitem').filter({ hasText: '年假' }).getByText('剩余2天').waitFor();

    const zhoujie = await signedInOnPhone(env, 'zhoujie');
    await openLeaveForm(zhoujie);
    await pickOption(zhoujie, '请假类型', '年假');
    const note = zhoujie.getByRole('status').filter({ hasText: '年假余额' });
    await note.getByText('年假余额：可用2天').waitFor({ timeout: 30_000 });
    const { friday } = fridayToMonday();
    await pickRange(zhoujie, '请假时间', friday, plusDays(friday, 6));
    await note.getByText('本次申请5天，余额不足', { exact: false }).waitFor();
    await zhoujie.getByLabel('请假事由').fill('探亲');
    await zhoujie.getByRole('button', { name: '提交', exact: true }).click();
    // the server's refusal, with its numbers; the form stays as it was
    await zhoujie.getByText('年假余额不足：可用2天，本次申请5天').waitFor({ timeout: 30_000 });
    expect(zhoujie.url()).not.toContain('followStartDetail');
    expect(await zhoujie.getByLabel('请假事由').inputValue()).toBe('探亲');
  });
});

describe('抄送人 on the start form (360×640)', () => {
  it('张三 names 王五 as 抄送人 on his 请假; after 提交 the trace says so and it is in 王五’s 待阅', async () => {
    const zhangsan = await signedInOnPhone(env, 'zhangsan');
    await openLeaveForm(zhangsan);
    await pickOption(zhangsan, '请假类型', '事假');
    const { friday, monday } = fridayToMonday();
    await pickRange(zhangsan, '请假时间', friday, monday);
    await zhangsan.getByLabel('请假事由').fill('抄送给王五看看');
    await zhangsan.getByRole('button', { name: '选择抄送人' }).click();
    await zhangsan.getByPlaceholder('搜索姓名、账号或手机号').fill('王五');
    await zhangsan.getByRole('checkbox', { name: '选择王五' }).check();
    await zhangsan.getByRole('button', { name: /^确定/ }).click();
    await zhangsan.getByRole('button', { name: '王五 选择抄送人' }).waitFor();
    await zhangsan.getByRole('button', { name: '提交', exact: true }).click();
    await zhangsan.waitForURL('**/followStartDetail?**', { timeout: 30_000 });
    await zhangsan.getByRole('list', { name: '流转记录' }).getByText('抄送：王五').waitFor({ timeout: 30_000 });

    const instanceId = new URL(zhangsan.url()).searchParams.get('instanceId');
    const wangwu = api(env.app.baseUrl, await loginAs(env.app.baseUrl, 'wangwu', '123456'));
    const unread = await wangwu.get<{ rows: { instanceId: string }[] }>('/api/flow/task/unread?pageSize=100');
    expect(unread.body.data.rows.map((r) => r.instanceId)).toContain(instanceId);
  });
});
