import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { InstanceDetail } from '../../contract/flow';
import { api, loginAs } from '../factories/test-server';
import { defId } from '../factories/flow-client';
import { IPAD, PHONE, newContext } from './support/browser';
import { openSignedIn, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();
const apiAs = async (username: string) => api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, '123456'));

const devices = [
  { name: 'phone 360×640', options: PHONE, home: '**/phonehome', my: '/myCenter/index' },
  { name: 'tablet 1024×768', options: IPAD, home: '**/padbacklog/index', my: '/padmy' },
];

async function signedIn(device: (typeof devices)[number], username: string): Promise<Page> {
  const { context } = await newContext(env.browser, device.options);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await openSignedIn(page, env.app.baseUrl, username, '/');
  await page.waitForURL(device.home);
  return page;
}

/** 审批代理: 李四 names 王五 from 我的; 张三's leave goes to 王五, whose approval reads 王五（代 李四） in the trace. */
describe.each(devices)('approval stand-in journey on a $name', (device) => {
  it('李四 sets 王五 as stand-in from 我的; 王五 approves 张三’s leave and the trace says 代 李四', async () => {
    const lisi = await signedIn(device, 'lisi');
    await lisi.goto(`${env.app.baseUrl}${device.my}`);
    await lisi.getByRole('button', { name: /审批代理/ }).click();
    await lisi.getByRole('button', { name: '新增代理' }).click();
    await lisi.getByRole('button', { name: '选择代理人' }).click();
    await lisi.getByPlaceholder('搜索姓名、账号或手机号').fill('王五');
    await lisi.getByRole('checkbox', { name: '选择王五' }).check();
    await lisi.getByRole('button', { name: /^确定/ }).click();
    await lisi.getByRole('button', { name: '选择代理人' }).filter({ hasText: '王五' }).waitFor();
    // the window opens now and ends a day later: both pickers come filled, as antd-mobile DatePickers
    await lisi.getByRole('button', { name: '结束时间', exact: true }).waitFor();
    expect(await lisi.locator('input[type="date"], input[type="datetime-local"]').count()).toBe(0);
    await lisi.getByRole('button', { name: '保存', exact: true }).click();
    await lisi.getByText('审批代理已设置').waitFor();
    const card = lisi.getByRole('listitem', { name: '王五 代 李四 审批' });
    await card.getByText('代理中').waitFor();
    expect(await lisi.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      device.options.viewport!.width,
    );

    // the request and the stand-in's approval are not what this journey is about: through the API
    const zhangsan = await apiAs('zhangsan');
    const started = await zhangsan.post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: { leaveType: '3', period: ['2026-11-30', '2026-12-01'], days: 2, reason: `代理-${device.name}` },
    });
    expect(started.status, started.body.msg).toBe(200);
    const id = started.body.data.id;
    const wangwu = await apiAs('wangwu');
    const taskId = (await wangwu.get<InstanceDetail>(`/api/flow/instances/${id}`)).body.data.myTaskId;
    expect(taskId).toBeTruthy();
    const approved = await wangwu.post(`/api/flow/tasks/${taskId}/approve`, { opinion: '李四休假，代为同意' });
    expect(approved.status, approved.body.msg).toBe(200);

    await lisi.goto(`${env.app.baseUrl}/followViewDetail?instanceId=${id}`);
    const trace = lisi.getByRole('list', { name: '流转记录' });
    await trace.getByText('李四休假，代为同意').waitFor();
    await trace.getByText(/王五（代 李四）/).waitFor();

    // 取消代理 ends it, so the next device starts from none
    await lisi.goto(`${env.app.baseUrl}${device.my}`);
    await lisi.getByRole('button', { name: /审批代理/ }).click();
    await lisi.getByRole('listitem', { name: '王五 代 李四 审批' }).getByRole('button', { name: '取消代理' }).click();
    await lisi.getByRole('button', { name: '确认' }).click();
    await lisi.getByText('审批代理已取消').waitFor();
    await lisi.context().close();
  });
});

describe('the stand-in offered after an approved leave', () => {
  it('360×640: the applicant’s message opens 新增审批代理 filled with the leave’s days', async () => {
    const zhangsan = await apiAs('zhangsan');
    const period = ['2026-12-07', '2026-12-08'];
    const started = await zhangsan.post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: { leaveType: '3', period, days: 2, reason: '代理提议' },
    });
    expect(started.status, started.body.msg).toBe(200);
    const lisi = await apiAs('lisi');
    const taskId = (await lisi.get<InstanceDetail>(`/api/flow/instances/${started.body.data.id}`)).body.data.myTaskId;
    expect((await lisi.post(`/api/flow/tasks/${taskId}/approve`, { opinion: '同意' })).status).toBe(200);
    const inbox = await zhangsan.get<{ rows: { title: string; link: string | null }[] }>(
      '/api/message/inbox?pageSize=50',
    );
    const offer = inbox.body.data.rows.find((m) => m.link === `/myCenter/proxies?from=${period[0]}&to=${period[1]}`);
    expect(offer?.title).toBe('请假期间的审批可交给代理人');

    const page = await signedIn(devices[0]!, 'zhangsan');
    await page.goto(`${env.app.baseUrl}${offer!.link}`);
    await page.getByText('新增审批代理').waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: '开始时间', exact: true }).innerText())
      .toContain(`${period[0]} 00:00`);
    expect(await page.getByRole('button', { name: '结束时间', exact: true }).innerText()).toContain(
      `${period[1]} 23:59`,
    );
    await page.context().close();
  });
});
