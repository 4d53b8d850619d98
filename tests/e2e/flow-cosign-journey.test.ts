import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { flowTasks, users } from '../../server/db/schema';
import { signedInOnPhone, useAppAndBrowser } from './support/app';
import { confirmRange, fridayToMonday, pickOption, pickRange } from './support/pickers';
import { docsScreenshot } from './support/docs-screenshot';

const env = useAppAndBrowser();

async function signedIn(username: string, options?: { at?: string }): Promise<Page> {
  const page = await signedInOnPhone(env, username, options);
  // a step that cannot happen fails on its own line rather than at the test's limit
  page.setDefaultTimeout(15_000);
  return page;
}

/** The open task of `username` on the instance (the 待办 row they would tap). */
async function taskOf(instanceId: string, username: string): Promise<string> {
  const rows = await env.app.database.db
    .select({ id: flowTasks.id })
    .from(flowTasks)
    .innerJoin(users, eq(users.id, flowTasks.assigneeId))
    .where(and(eq(flowTasks.instanceId, instanceId), eq(flowTasks.status, 'pending'), eq(users.username, username)));
  expect(rows, `${username} has a task`).toHaveLength(1);
  return rows[0]!.id;
}

/** 办理 with the chosen action: opinion, 确定, 确认, and the success toast. */
async function deal(page: Page, instanceId: string, taskId: string, opinion: string, successText: string) {
  await page.goto(`${env.app.baseUrl}/follow/dealWith?instanceId=${instanceId}&taskId=${taskId}`);
  await page.getByPlaceholder('请输入审批意见').fill(opinion);
  await page.getByRole('button', { name: '确定', exact: true }).click();
  await page.getByRole('button', { name: '确认' }).click();
  await page.getByText(successText).waitFor();
}

describe('加签 journey (issue 10, Done when)', () => {
  it('张三 asks for sick leave with a note → 李四 adds 孙琪 and 周杰 (前加签, 会签) → both approve → 李四 approves → 张三 opens the result from the message', async () => {
    const reason = `发烧就医-${Date.now() % 100000}`;
    const { friday, monday } = fridayToMonday();
    const zhangsan = await signedIn('zhangsan', { at: '/follow/followList' });
    await zhangsan.getByRole('button', { name: '请假' }).click();
    // no native select or date box on the form
    await zhangsan.getByRole('button', { name: '请假类型', exact: true }).waitFor();
    expect(await zhangsan.locator('select, input[type="date"]').count()).toBe(0);
    await pickOption(zhangsan, '请假类型', '病假');
    // the sick note is now asked for, and 请假天数 follows the dates picked in the calendar sheet
    await zhangsan.locator('.flow-form-row', { hasText: '病假证明' }).getByLabel('必填').waitFor();
    await pickRange(zhangsan, '请假时间', friday, monday, { confirm: false });
    await docsScreenshot(zhangsan, 'leave-form');
    await confirmRange(zhangsan);
    await expect.poll(() => zhangsan.getByLabel('请假天数').inputValue()).toBe('2');
    await zhangsan.getByLabel('请假事由').fill(reason);
    await zhangsan.locator('#flow-field-sickNote').setInputFiles({
      name: '病假证明.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('医院诊断证明：建议休息两天'),
    });
    await zhangsan.getByText('病假证明.txt').waitFor();
    // nothing sticks out of a 360 px phone
    expect(await zhangsan.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await zhangsan.getByRole('button', { name: '提交', exact: true }).click();
    await zhangsan.waitForURL('**/followStartDetail?**');
    const instanceId = new URL(zhangsan.url()).searchParams.get('instanceId')!;
    await zhangsan.getByRole('button', { name: '病假证明.txt' }).waitFor();

    // 李四 adds 孙琪 and 周杰 before him, both to sign (the defaults of 加签: 前加签, 会签)
    const lisi = await signedIn('lisi');
    const lisiTask = await taskOf(instanceId, 'lisi');
    await lisi.goto(`${env.app.baseUrl}/follow/dealWith?instanceId=${instanceId}&taskId=${lisiTask}`);
    await lisi.getByText(reason).waitFor();
    await lisi.getByRole('radio', { name: '加签' }).click();
    await lisi.getByRole('radio', { name: /^前加签/, checked: true }).waitFor();
    await lisi.getByRole('radio', { name: /^会签/, checked: true }).waitFor();
    await lisi.getByRole('button', { name: '请选择人员' }).click();
    for (const name of ['孙琪', '周杰']) {
      await lisi.getByPlaceholder('搜索姓名、账号或手机号').fill(name);
      await lisi.getByRole('checkbox', { name: `选择${name}` }).check();
    }
    await lisi.getByRole('button', { name: /^确定\(2\)/ }).click();
    await lisi.getByPlaceholder('请输入审批意见').fill('请孙琪、周杰先审核');
    await lisi.getByRole('button', { name: '确定', exact: true }).click();
    await lisi.getByRole('button', { name: '确认' }).click();
    await lisi.getByText('加签成功').waitFor();

    // both co-signers approve; 孙琪 alone does not decide for the group
    const sunqi = await signedIn('sunqi');
    await deal(sunqi, instanceId, await taskOf(instanceId, 'sunqi'), '同意，注意休息', '同意成功');
    const zhoujie = await signedIn('zhoujie');
    await deal(zhoujie, instanceId, await taskOf(instanceId, 'zhoujie'), '同意', '同意成功');

    // 张三 waits on the home page; 李四's approval reaches him there live
    await zhangsan.goto(`${env.app.baseUrl}/phonehome`);
    await zhangsan.getByText('消息提醒').waitFor();
    await deal(lisi, instanceId, await taskOf(instanceId, 'lisi'), '同意', '同意成功');
    const message = zhangsan
      .locator('.home-message', { hasText: '你的「请假」已通过' })
      .filter({ hasText: '李四' })
      .first();
    await message.waitFor({ timeout: 20_000 });
    await message.click();
    await zhangsan.waitForURL(`**/followStartDetail?instanceId=${instanceId}`);
    await zhangsan.getByText('已通过').first().waitFor();
    const trace = zhangsan.getByRole('list', { name: '流转记录' });
    for (const name of ['孙琪', '周杰', '李四']) await trace.getByText(name, { exact: false }).first().waitFor();
    // five people sign in one after another on two shared cores
  }, 240_000);
});
