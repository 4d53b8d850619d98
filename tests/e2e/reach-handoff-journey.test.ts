import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { InstanceDetail } from '../../contract/flow';
import { api, loginAs } from '../factories/test-server';
import { defId, forms } from '../factories/flow-client';
import { startSmtpReceiver } from '../factories/smtp-receiver';
import { useAppAndBrowser, signedInOnPhone } from './support/app';
import { PHONE, newContext } from './support/browser';

// 邮件 is offered once the server has an SMTP relay: a local one that keeps what it receives
const smtp = await startSmtpReceiver();
afterAll(() => smtp.close());
const env = useAppAndBrowser({
  SMTP_URL: smtp.url,
  SMTP_FROM: '协同办公系统 <oa@example.com>',
  APP_PUBLIC_URL: 'https://oa.example.com',
});

const apiAs = async (username: string) => api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, '123456'));
const mailsTo = (address: string, text: string) =>
  smtp.received.filter((m) => m.to.includes(address) && (m.mail.text ?? '').includes(text));

/** The ticked chips of the reminder selector, by label. */
async function ticked(page: Page): Promise<string[]> {
  const boxes = page.getByRole('group', { name: '提醒方式' }).getByRole('checkbox');
  const on: string[] = [];
  for (let i = 0; i < (await boxes.count()); i += 1)
    if (await boxes.nth(i).isChecked()) on.push((await boxes.nth(i).locator('..').innerText()).trim());
  return on;
}

describe('reminders chosen in the sheet leave the app (issue 30, Chromium 360×640)', () => {
  it('李四 转办s to 赵六 with 邮件 ticked in the sheet; the mail reaches 赵六 at the SMTP relay with the 待办 link', async () => {
    // 李四's 我的 → 提醒方式 is APP only: the sheet starts there and he adds 邮件 for this one
    const lisiApi = await apiAs('lisi');
    expect((await lisiApi.put('/api/my/preferences/channels', { channels: ['app'] })).status).toBe(200);
    const started = await (
      await apiAs('zhangsan')
    ).post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: forms.leave(2),
      chosenAssignees: [],
    });
    expect(started.status, started.body.msg).toBe(200);
    const id = started.body.data.id;
    const taskId = (await lisiApi.get<InstanceDetail>(`/api/flow/instances/${id}`)).body.data.myTaskId!;

    const lisi = await signedInOnPhone(env, 'lisi');
    lisi.setDefaultTimeout(20_000);
    await lisi.goto(`${env.app.baseUrl}/follow/dealWith?instanceId=${id}&taskId=${taskId}`);
    await lisi.getByRole('radio', { name: '转办' }).click();
    await lisi.getByRole('group', { name: '提醒方式' }).getByRole('checkbox', { name: '邮件' }).waitFor();
    await expect.poll(() => ticked(lisi)).toEqual(['APP']);
    await lisi.getByRole('group', { name: '提醒方式' }).getByText('邮件').click();
    await expect.poll(() => ticked(lisi)).toEqual(['APP', '邮件']);
    await lisi.getByRole('button', { name: '请选择人员' }).click();
    await lisi.getByPlaceholder('搜索姓名、账号或手机号').fill('赵六');
    await lisi.getByRole('checkbox', { name: '选择赵六' }).check();
    await lisi.getByRole('button', { name: /^确定\(1\)/ }).click();
    await lisi.getByPlaceholder('请输入审批意见').fill('出差中，请赵六代为审批');
    expect(await lisi.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await lisi.getByRole('button', { name: '确定', exact: true }).click();
    await lisi.getByRole('button', { name: '确认' }).click();
    await lisi.getByText('转办成功').waitFor();

    const link = `https://oa.example.com/followWaitDetail?instanceId=${id}`;
    await expect.poll(() => mailsTo('zhaoliu@huasheng.example.com', link).length, { timeout: 30_000 }).toBe(1);
    expect(mailsTo('zhaoliu@huasheng.example.com', link)[0]!.mail.subject).toMatch(/^待办：/);
    // nobody else was reminded of it by e-mail
    expect(smtp.received.filter((m) => (m.mail.text ?? '').includes(link)).flatMap((m) => m.to)).toEqual([
      'zhaoliu@huasheng.example.com',
    ]);
  }, 120_000);

  it('王五 sends a 机密 mail with 邮件 ticked; 李四’s e-mail names only the sender and the subject, and the mail shows 机密', async () => {
    const subject = `人事安排-${Date.now() % 100000}`;
    const wangwuApi = await apiAs('wangwu');
    expect((await wangwuApi.put('/api/my/preferences/channels', { channels: ['email'] })).status).toBe(200);
    const wangwu = await signedInOnPhone(env, 'wangwu');
    wangwu.setDefaultTimeout(20_000);
    await wangwu.goto(`${env.app.baseUrl}/email/compose`);
    await wangwu.getByRole('group', { name: '提醒方式' }).getByRole('checkbox', { name: '邮件' }).waitFor();
    await expect.poll(() => ticked(wangwu)).toEqual(['邮件']);
    await wangwu.getByRole('combobox', { name: '收件人', exact: true }).fill('李四');
    await wangwu.getByRole('listbox', { name: '收件人候选' }).getByRole('option', { name: /^李四/ }).click();
    await wangwu.locator('.mail-compose-page').getByRole('button', { name: '移除李四' }).waitFor();
    await wangwu.getByLabel('主题').fill(subject);
    await wangwu.getByLabel('正文').fill('下月起由李四兼任财务部负责人。');
    await wangwu.getByRole('switch', { name: '机密' }).check();
    expect(await wangwu.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await wangwu.getByRole('button', { name: '发送', exact: true }).click();
    await wangwu.getByText('邮件已发送').waitFor();

    const reminders = () => smtp.received.filter((m) => m.mail.subject === `新邮件：${subject}`);
    await expect.poll(() => reminders().length, { timeout: 30_000 }).toBe(1);
    const { to, mail } = reminders()[0]!;
    expect(to).toEqual(['lisi@huasheng.example.com']);
    expect(mail.text).toContain(`王五发来机密邮件「${subject}」`);
    expect(`${mail.text}${mail.html}`).not.toContain('财务部');

    // the reminder's link, opened on a phone that is not signed in, leads through the login to the mail
    const path = mail.text!.match(/https:\/\/oa\.example\.com(\/email\/detail\?id=[0-9a-f-]+)/)![1]!;
    const { context } = await newContext(env.browser, PHONE);
    const lisi = await context.newPage();
    lisi.setDefaultTimeout(20_000);
    await lisi.goto(`${env.app.baseUrl}${path}`);
    await lisi.waitForURL('**/login?**');
    await lisi.getByPlaceholder('请输入用户名').fill('lisi');
    await lisi.getByPlaceholder('请输入密码').fill('123456');
    await lisi.getByRole('button', { name: '登录', exact: true }).click();
    await lisi.waitForURL((url) => `${url.pathname}${url.search}` === path);
    await lisi
      .getByRole('heading', { name: new RegExp(subject) })
      .getByText('机密')
      .waitFor();
  }, 120_000);
});
