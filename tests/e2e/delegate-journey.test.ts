import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { InstanceDetail } from '../../contract/flow';
import { api, loginAs } from '../factories/test-server';
import { defId } from '../factories/flow-client';
import { signedInOnPhone, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();
const apiAs = async (username: string) => api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, '123456'));

/** Opens the request's detail and taps an action of its action bar, which opens 办理 with it chosen. */
async function tapAction(page: Page, id: string, action: string) {
  await page.goto(`${env.app.baseUrl}/followWaitDetail?instanceId=${id}`);
  const button = page.getByRole('button', { name: action, exact: true });
  await button.waitFor();
  // six actions still fit the phone's action bar
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await button.click();
  await page.waitForURL('**/follow/dealWith?**');
}

describe('委派 journey (360×640)', () => {
  it('李四 delegates 张三’s leave to 孙琪 from the action bar; 孙琪 replies; 李四 approves; the trace shows both', async () => {
    const started = await (
      await apiAs('zhangsan')
    ).post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: { leaveType: '3', period: ['2026-11-30', '2026-12-01'], days: 2, reason: '委派旅程' },
    });
    expect(started.status, started.body.msg).toBe(200);
    const id = started.body.data.id;

    const lisi = await signedInOnPhone(env, 'lisi');
    lisi.setDefaultTimeout(20_000);
    await tapAction(lisi, id, '委派');
    await lisi.getByRole('button', { name: '请选择人员' }).click();
    await lisi.getByPlaceholder('搜索姓名、账号或手机号').fill('孙琪');
    await lisi.getByRole('checkbox', { name: '选择孙琪' }).check();
    await lisi.getByRole('button', { name: /^确定\(1\)/ }).click();
    await lisi.getByPlaceholder('请输入审批意见').fill('请帮忙核对假期余额');
    expect(await lisi.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await lisi.getByRole('button', { name: '确定', exact: true }).click();
    await lisi.getByRole('button', { name: '确认' }).click();
    await lisi.getByText('委派成功').waitFor();

    const sunqi = await signedInOnPhone(env, 'sunqi');
    sunqi.setDefaultTimeout(20_000);
    await tapAction(sunqi, id, '回复意见');
    await sunqi.getByPlaceholder('请输入审批意见').fill('假期余额充足');
    await sunqi.getByRole('button', { name: '确定', exact: true }).click();
    await sunqi.getByRole('button', { name: '确认' }).click();
    await sunqi.getByText('回复意见成功').waitFor();

    const lisiApi = await apiAs('lisi');
    const taskId = (await lisiApi.get<InstanceDetail>(`/api/flow/instances/${id}`)).body.data.myTaskId;
    expect((await lisiApi.post(`/api/flow/tasks/${taskId}/approve`, { opinion: '同意' })).status).toBe(200);
    await lisi.goto(`${env.app.baseUrl}/followViewDetail?instanceId=${id}`);
    const trace = lisi.getByRole('list', { name: '流转记录' });
    await trace.getByText('请帮忙核对假期余额（委派：孙琪）').waitFor();
    await trace.getByText('假期余额充足').waitFor();
    await trace.getByText('委派意见').waitFor();
  });
});
