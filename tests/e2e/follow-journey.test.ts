import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { InstanceDetail } from '../../contract/flow';
import { api, loginAs } from '../factories/test-server';
import { defId, userId } from '../factories/flow-client';
import { startVendorApi, vendorSettings } from '../factories/vendor-api';
import { useAppAndBrowser, signedInOnPhone } from './support/app';
import { fridayToMonday, pickOption, pickRange } from './support/pickers';

// 短信 and 企业微信 go to a local stand-in of their APIs, so the site offers them (only configured channels are offered)
const vendors = await startVendorApi();
afterAll(() => vendors.close());
const {
  WECOM_CORP_ID,
  WECOM_CORP_SECRET,
  WECOM_AGENT_ID,
  SMS_ACCESS_KEY_ID,
  SMS_ACCESS_KEY_SECRET,
  SMS_SIGN_NAME,
  SMS_TEMPLATE_CODE,
} = vendorSettings;
const env = useAppAndBrowser({
  ...{ WECOM_CORP_ID, WECOM_CORP_SECRET, WECOM_AGENT_ID, WECOM_API_BASE: vendors.url },
  ...{ SMS_ACCESS_KEY_ID, SMS_ACCESS_KEY_SECRET, SMS_SIGN_NAME, SMS_TEMPLATE_CODE, SMS_API_BASE: vendors.url },
});

const signedIn = (username: string, options?: { at?: string }) => signedInOnPhone(env, username, options);
/** The API as a demo user (for the steps a journey is not about). */
const apiAs = async (username: string) => api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, '123456'));
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

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
    await expect
      .poll(() => lisi.getByRole('navigation', { name: '应用' }).getByText('审批').locator('..').innerText())
      .toContain('2');
    await lisi.goto(`${env.app.baseUrl}/follow/waitList`);
    await lisi
      .getByRole('button', { name: /张三的请假/ })
      .first()
      .click();
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

    const lisi = await signedIn('lisi', { at: '/follow/waitList' });
    await lisi
      .getByRole('button', { name: /张三的请假/ })
      .first()
      .click();
    await lisi.getByText('参加孩子家长会').waitFor();
    await lisi.getByRole('button', { name: '退回', exact: true }).click();
    await lisi.getByRole('radio', { name: '退回', checked: true }).waitFor();
    // the return target is an antd-mobile Picker in a bottom sheet, never a native select
    expect(await lisi.locator('select').count()).toBe(0);
    // at the first node the applicant is the one place to return to: it is named, not offered in a picker
    await lisi.getByLabel('退回至').filter({ hasText: '发起申请（发起人）' }).waitFor();
    expect(await lisi.getByRole('button', { name: /^退回至/ }).count()).toBe(0);
    await lisi.getByPlaceholder('请输入审批意见').fill('请补充请假天数说明');
    // the picker's closed sheet keeps its own 确定 in the page (outside #root)
    await lisi.locator('#root').getByRole('button', { name: '确定', exact: true }).click();
    await lisi.getByRole('button', { name: '确认' }).click();
    await lisi.getByText('退回成功').waitFor();

    await zhangsan.goto(`${env.app.baseUrl}/follow/backList`);
    await zhangsan
      .getByRole('button', { name: /张三的请假/ })
      .first()
      .click();
    await zhangsan.getByText('请补充请假天数说明', { exact: false }).waitFor();
    await zhangsan.getByRole('button', { name: '重新提交' }).click();
    await zhangsan.getByPlaceholder('请输入审批意见').waitFor();
    // an approver's ready phrases (同意, 情况属实…) are not the applicant's words
    expect(await zhangsan.getByRole('group', { name: '常用意见' }).count()).toBe(0);
    await zhangsan.getByRole('button', { name: '确定', exact: true }).click();
    await zhangsan.getByRole('button', { name: '确认' }).click();
    await zhangsan.getByText('重新提交成功').waitFor();
    await zhangsan.goto(`${env.app.baseUrl}/follow/backList`);
    // the seeded 用印 stays returned; the resubmitted leave has left the list
    await zhangsan.getByRole('button', { name: /张三的用印/ }).waitFor();
    await expect.poll(() => zhangsan.getByRole('button', { name: /张三的请假/ }).count()).toBe(0);
  });

  it('a circulated document waits in 待阅 and moves to 已阅 once opened; its name is the page title', async () => {
    const zhangsan = await signedIn('zhangsan', { at: '/follow/unreadList' });
    // opening it sends the mark; the page is left by a full load below, which would cut a mark still on its way
    const marked = zhangsan.waitForResponse(
      (r) => /\/api\/flow\/reads\/[^/]+\/read$/.test(r.url()) && r.request().method() === 'POST',
    );
    await zhangsan.getByRole('button', { name: /冬季安全生产/ }).click();
    await zhangsan.waitForURL('**/followUnreadDetail?**');
    await expect.poll(() => zhangsan.title(), { timeout: 15_000 }).toBe('关于做好2026年冬季安全生产工作的通知');
    expect((await marked).ok()).toBe(true);
    await zhangsan.goto(`${env.app.baseUrl}/follow/readList`);
    await zhangsan.getByRole('button', { name: /冬季安全生产/ }).waitFor();
    await zhangsan.goto(`${env.app.baseUrl}/follow/unreadList`);
    await zhangsan.getByText('暂无待阅').waitFor();
  });

  it('/follow opens the hub, whose lists each have their own named icon', async () => {
    const zhangsan = await signedIn('zhangsan', { at: '/follow' });
    await zhangsan.waitForURL('**/follow/index');
    await zhangsan.getByRole('link', { name: /发起申请/ }).waitFor();
    expect(await zhangsan.getByText('页面不存在').count()).toBe(0);
    const hub = zhangsan.getByRole('navigation', { name: '审批列表' });
    const names = await Promise.all(
      ['待办', '待阅', '已办', '已阅', '已转办'].map((title) =>
        hub
          .getByRole('link', { name: new RegExp(`图标 ?${title}`) })
          .getByRole('img')
          .getAttribute('aria-label'),
      ),
    );
    expect(new Set(names).size).toBe(5);
  });

  it('用印: 张三 and 李四 comment without acting; 李四 must have a signature to 同意 at 综合管理部盖章, which signs the trace; it ends with 审批通过', async () => {
    // up to 综合管理部盖章 through the API: 王五 is the chosen 审核人 and agrees
    const documentName = `租赁合同-${Date.now()}`;
    const started = await (
      await apiAs('zhangsan')
    ).post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('seal'),
      formData: { sealType: 'contract', documentName, copies: 2, reason: '续签办公室租约' },
      chosenAssignees: [userId('wangwu')],
    });
    expect(started.status, started.body.msg).toBe(200);
    const id = started.body.data.id;
    const wangwu = await apiAs('wangwu');
    const wangwuTask = (await wangwu.get<InstanceDetail>(`/api/flow/instances/${id}`)).body.data.myTaskId!;
    expect((await wangwu.post(`/api/flow/tasks/${wangwuTask}/approve`, { opinion: '同意' })).status).toBe(200);
    const lisiApi = await apiAs('lisi');
    expect((await lisiApi.put('/api/my/profile/signature', { image: null })).status).toBe(200);

    // without a signature 同意 says what is missing and where to set it, and sends nothing
    const unsigned = await signedIn('lisi', { at: `/followWaitDetail?instanceId=${id}` });
    await unsigned.getByText(documentName).waitFor();
    await unsigned.getByRole('button', { name: '同意', exact: true }).click();
    await unsigned.getByRole('alert').filter({ hasText: '该环节需要签名，请先在「我的」中设置签名' }).waitFor();
    await unsigned.getByRole('link', { name: '去设置' }).waitFor();
    await unsigned.getByRole('button', { name: '确定', exact: true }).click();
    await unsigned.getByText('该环节需要签名，请先在「我的」中设置签名').nth(1).waitFor();
    expect(await unsigned.getByRole('button', { name: '确认' }).count()).toBe(0);
    expect((await lisiApi.get<InstanceDetail>(`/api/flow/instances/${id}`)).body.data.status).toBe('running');
    await unsigned.context().close();

    // 李四 saves a signature in 我的 (through the API: the 我的 screen is not under test here) and opens the request
    expect((await lisiApi.put('/api/my/profile/signature', { image: SIGNATURE })).status).toBe(200);
    const lisi = await signedIn('lisi', { at: `/followWaitDetail?instanceId=${id}` });
    await lisi.getByText(documentName).waitFor();

    // 张三 comments on his running request; the comment is no action
    const zhangsan = await signedIn('zhangsan', { at: `/followStartDetail?instanceId=${id}` });
    const comments = zhangsan.getByRole('region', { name: '评论' });
    await comments.getByRole('textbox', { name: '评论内容' }).fill('请加盖骑缝章，谢谢');
    await comments.getByRole('button', { name: '发表评论' }).click();
    await zhangsan.getByText('评论成功').waitFor();
    const zhangsanTrace = zhangsan.getByRole('list', { name: '流转记录' });
    await zhangsanTrace
      .getByRole('listitem')
      .filter({ hasText: '请加盖骑缝章，谢谢' })
      .getByText('评论', { exact: true })
      .waitFor();
    expect(await comments.getByRole('textbox', { name: '评论内容' }).inputValue()).toBe('');
    await zhangsan.getByText('审批中').first().waitFor();

    // the handler's open detail shows it (told live), and he answers with a comment of his own
    const lisiTrace = lisi.getByRole('list', { name: '流转记录' });
    await lisiTrace.getByText('请加盖骑缝章，谢谢').waitFor({ timeout: 30_000 });
    await lisi.getByRole('region', { name: '评论' }).getByRole('textbox', { name: '评论内容' }).fill('好的，下午盖章');
    await lisi.getByRole('region', { name: '评论' }).getByRole('button', { name: '发表评论' }).click();
    await lisiTrace.getByText('好的，下午盖章').waitFor();

    // 同意 with the saved signature
    await lisi.getByRole('button', { name: '同意', exact: true }).click();
    await lisi.getByRole('radio', { name: '同意', checked: true }).waitFor();
    expect(await lisi.getByRole('img', { name: '我的签名' }).getAttribute('src')).toBe(SIGNATURE);
    await lisi.getByPlaceholder('请输入审批意见').fill('已核对原件，同意盖章');
    await lisi.getByRole('button', { name: '确定', exact: true }).click();
    await lisi.getByRole('button', { name: '确认' }).click();
    await lisi.getByText('同意成功').waitFor();

    // 张三 sees the signed decision, both comments and the end of the request
    await zhangsan.reload();
    await zhangsan.getByText('已通过').first().waitFor();
    await zhangsanTrace.getByText('已核对原件，同意盖章').waitFor();
    expect(await zhangsanTrace.getByRole('img', { name: '李四的签名' }).getAttribute('src')).toBe(SIGNATURE);
    await zhangsanTrace.getByText('好的，下午盖章').waitFor();
    const last = zhangsanTrace.getByRole('listitem').last();
    await expect.poll(() => last.innerText()).toMatch(/审批通过[\s\S]*\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // the page fits the phone: nothing runs off the side at 360 px
    expect(await zhangsan.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
