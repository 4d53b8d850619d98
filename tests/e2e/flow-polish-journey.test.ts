import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { InstanceDetail } from '../../contract/flow';
import { api, loginAs } from '../factories/test-server';
import { defId, forms, userId } from '../factories/flow-client';
import { useAppAndBrowser, signedInOnPhone } from './support/app';

// Issue 47 point 4 (审批 polish), each as the applicant or the approver sees it on a phone at 360×640.

const env = useAppAndBrowser();
const signedIn = (username: string, options?: { at?: string }) => signedInOnPhone(env, username, options);
const apiAs = async (username: string) => api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, '123456'));
const WAIT = { timeout: 20_000 };

/** 张三 applies for leave through the API (the journeys below are about what follows). */
async function leave(days: number) {
  const answer = await (
    await apiAs('zhangsan')
  ).post<{ id: string }>('/api/flow/instances', { definitionId: defId('leave'), formData: forms.leave(days) });
  expect(answer.status, answer.body.msg).toBe(200);
  return answer.body.data.id;
}
async function actAs(username: string, instanceId: string, action: string, body: Record<string, unknown>) {
  const as = await apiAs(username);
  const taskId = (await as.get<InstanceDetail>(`/api/flow/instances/${instanceId}`)).body.data.myTaskId;
  const answer = await as.post(`/api/flow/tasks/${taskId}/${action}`, body);
  expect(answer.status, answer.body.msg).toBe(200);
}
const approveAs = (username: string, instanceId: string) => actAs(username, instanceId, 'approve', { opinion: '同意' });
const titleBar = (page: Page) => page.locator('.page-titlebar-title');

describe('审批 polish (issue 47.4)', () => {
  it('the applicant’s 重新提交 screen is titled 重新提交, not 办理', async () => {
    const zhangsan = await signedIn('zhangsan', { at: '/follow/backList' });
    await zhangsan.getByRole('button', { name: /张三的用印/ }).click();
    await zhangsan.getByRole('button', { name: '重新提交' }).click();
    await zhangsan.waitForURL('**/follow/dealWith?**');
    await zhangsan.getByPlaceholder('请输入审批意见').waitFor();
    await expect.poll(() => titleBar(zhangsan).innerText(), WAIT).toBe('重新提交');
    expect(await zhangsan.title()).toBe('重新提交');
  });

  it('批量同意 offers 全选: every loaded row that needs no input, counted, and deselected again', async () => {
    await leave(1);
    await leave(2);
    const lisi = await signedIn('lisi', { at: '/follow/waitList' });
    const list = lisi.getByRole('list', { name: '待办' });
    await list
      .getByRole('button', { name: /张三的请假/ })
      .first()
      .waitFor();
    await lisi.getByRole('button', { name: '批量同意' }).click();
    await lisi.getByText('已选 0 项').waitFor();
    const selectable = await list.getByRole('checkbox', { disabled: false }).count();
    expect(selectable).toBeGreaterThanOrEqual(2);
    await lisi.locator('.flow-batch-bar').getByText('全选').click();
    await lisi.getByText(`已选 ${selectable} 项`).waitFor();
    await lisi.getByRole('button', { name: `同意(${selectable})` }).waitFor();
    expect(await list.getByRole('checkbox', { checked: true }).count()).toBe(selectable);
    await lisi.locator('.flow-batch-bar').getByText('全选').click();
    await lisi.getByText('已选 0 项').waitFor();
    expect(await list.getByRole('checkbox', { checked: true }).count()).toBe(0);
  });

  it('the applicant can still 撤回 a request 审批中 after the first approver agreed', async () => {
    const id = await leave(5);
    await approveAs('lisi', id);
    const zhangsan = await signedIn('zhangsan', { at: `/followStartDetail?instanceId=${id}` });
    await zhangsan.getByText('审批中').first().waitFor(WAIT);
    await zhangsan.getByRole('button', { name: '撤回', exact: true }).click();
    await zhangsan.getByText('确定撤回该申请吗？').waitFor();
    await zhangsan.getByRole('button', { name: '确认' }).click();
    await zhangsan.getByText('已撤回').first().waitFor(WAIT);
    await expect.poll(() => zhangsan.getByRole('button', { name: '撤回', exact: true }).count(), WAIT).toBe(0);
  });

  it('the applicant finds 你的「请假」已通过 in 消息, under 审批, and it opens the request', async () => {
    const id = await leave(1);
    await approveAs('lisi', id);
    const zhangsan = await signedIn('zhangsan', { at: '/message' });
    const row = zhangsan.getByRole('list', { name: '消息列表' }).getByRole('button', { name: /你的「请假」已通过/ });
    await row.first().waitFor(WAIT);
    expect(await row.first().innerText()).toMatch(/^审批\s*你的「请假」已通过/);
    await row.first().click();
    await zhangsan.waitForURL(`**/followStartDetail?instanceId=${id}`);
    await zhangsan.getByText('已通过').first().waitFor(WAIT);
  });

  it('the 或签 peers a decision closed fold into one line, opened on a tap; each step has its avatar', async () => {
    const id = await leave(1);
    // 李四 adds 赵六, 周杰 and 孙琪 after him, any one of them to decide; 赵六 approves
    await actAs('lisi', id, 'add-signer', {
      userIds: ['zhaoliu', 'zhoujie', 'sunqi'].map(userId),
      kind: 'after',
      signMode: 'any',
      opinion: '请一并审核',
    });
    await approveAs('zhaoliu', id);
    const zhangsan = await signedIn('zhangsan', { at: `/followStartDetail?instanceId=${id}` });
    const trace = zhangsan.getByRole('list', { name: '流转记录' });
    await trace.getByText('赵六 已同意，其余 2 人无需处理').waitFor(WAIT);
    expect(await trace.getByText(/因他人已处理而关闭/).count()).toBe(0);
    await trace.getByRole('button', { name: '展开' }).click();
    const peers = trace.getByRole('list', { name: '无需处理的人员' });
    await expect.poll(() => peers.getByText(/因他人已处理而关闭/).count(), WAIT).toBe(2);
    await peers.getByText(/^周杰/).waitFor();
    await peers.getByText(/^孙琪/).waitFor();
    // every step shows who took it as the address book does: two characters in a round badge
    const avatars = await trace
      .locator('.flow-trace-avatar')
      .evaluateAll((els) =>
        els.map((el) => [getComputedStyle(el, '::before').content, getComputedStyle(el).borderRadius, el.clientWidth]),
      );
    expect(avatars.length).toBeGreaterThanOrEqual(3);
    expect(avatars.every(([, radius, width]) => radius === '50%' && width === 32)).toBe(true);
    expect(avatars.map(([initials]) => initials)).toEqual(expect.arrayContaining(['"张三"', '"李四"', '"赵六"']));
  });

  it('a 评论 @mentions 李四 through the people picker; 李四 finds the reminder in 消息 and it opens the request', async () => {
    const id = await leave(2);
    const zhangsan = await signedIn('zhangsan', { at: `/followStartDetail?instanceId=${id}` });
    const comments = zhangsan.getByRole('region', { name: '评论' });
    await comments.getByRole('button', { name: '@提及' }).click(WAIT);
    await zhangsan.getByPlaceholder('搜索姓名、账号或手机号').fill('李四');
    await zhangsan.getByRole('checkbox', { name: '选择李四' }).check();
    await zhangsan.getByRole('button', { name: /^确定\(1\)/ }).click();
    const box = comments.getByRole('textbox', { name: '评论内容' });
    await expect.poll(() => box.inputValue(), WAIT).toBe('@李四 ');
    await box.press('End');
    await box.pressSequentially('请今天帮忙看一下');
    await comments.getByText('将提醒：李四').waitFor();
    await comments.getByRole('button', { name: '发表评论' }).click();
    await zhangsan.getByText('评论成功').waitFor();

    const lisi = await signedIn('lisi', { at: '/message' });
    const row = lisi.getByRole('list', { name: '消息列表' }).getByRole('button', { name: /张三在评论中提到了你/ });
    await row.first().waitFor(WAIT);
    expect(await row.first().innerText()).toMatch(/^审批\s*张三在评论中提到了你：张三的请假/);
    await row.first().click();
    await lisi.waitForURL(`**/followViewDetail?instanceId=${id}`);
    await lisi.getByRole('list', { name: '流转记录' }).getByText('@李四 请今天帮忙看一下').waitFor(WAIT);
  });
});
