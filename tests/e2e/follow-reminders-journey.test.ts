import { afterAll, describe, expect, it } from 'vitest';
import { api, loginAs } from '../factories/test-server';
import { defId, forms } from '../factories/flow-client';
import { startVendorApi, vendorSettings } from '../factories/vendor-api';
import { useAppAndBrowser, signedInOnPhone } from './support/app';

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

describe('approval reminders and badges (审批)', () => {
  it('催办 asks how to remind (ticked as in 我的 → 提醒方式), sends just that, and tells 张三 how each channel went', async () => {
    // 张三 reminds by APP and 短信 (his 我的 → 提醒方式, set through the API: the 我的 screen is not under test here)
    const zhangsanApi = await apiAs('zhangsan');
    expect((await zhangsanApi.put('/api/my/preferences/channels', { channels: ['app', 'sms'] })).status).toBe(200);
    const started = await zhangsanApi.post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: forms.leave(2),
      chosenAssignees: [],
    });
    expect(started.status, started.body.msg).toBe(200);
    const id = started.body.data.id;

    const zhangsan = await signedIn('zhangsan', { at: `/followStartDetail?instanceId=${id}` });
    await zhangsan.getByRole('button', { name: '催办', exact: true }).click();
    const sheet = zhangsan.getByRole('dialog', { name: '催办' });
    await sheet.getByRole('checkbox', { name: '短信' }).waitFor();
    // every channel of the site is offered (APP, 短信, 企业微信), the chosen ones are ticked
    await expect
      .poll(async () => {
        const boxes = sheet.getByRole('checkbox');
        const ticked: string[] = [];
        for (let i = 0; i < (await boxes.count()); i += 1)
          if (await boxes.nth(i).isChecked()) ticked.push((await boxes.nth(i).locator('..').innerText()).trim());
        return ticked;
      })
      .toEqual(['APP', '短信']);
    expect(await sheet.getByRole('checkbox').count()).toBe(3);
    await sheet.getByRole('button', { name: '发送催办' }).click();

    // 李四 has the APP message in his inbox (no device to push to) and the SMS gateway took the text; 企业微信 was
    // offered but not ticked, so nothing went that way. Neither is called delivered: no device confirmed anything
    const report = zhangsan.getByRole('status', { name: '催办结果' });
    await expect.poll(() => report.innerText(), { timeout: 20_000 }).toBe('催办：APP 未开启推送 1 人；已发出 短信');
    await expect
      .poll(() => zhangsan.getByRole('list', { name: '催办明细' }).innerText())
      .toMatch(/^李四\s*APP 未开启推送（仅站内消息），短信 已发出 \d\d:\d\d$/);
    expect(vendors.sms.sent.map((m) => m.TemplateParam.title).some((t) => t.includes('催办'))).toBe(true);
    expect(vendors.wecom.sent).toEqual([]);
    expect(vendors.problems).toEqual([]);
    expect(await zhangsan.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // later, from the 流转记录: the 催办 step opens the same per-person report for its sender
    await zhangsan.reload();
    const trace = zhangsan.getByRole('list', { name: '流转记录' });
    await trace.getByRole('button', { name: '送达情况' }).click();
    await expect
      .poll(() => trace.getByRole('list', { name: '催办明细' }).innerText(), { timeout: 20_000 })
      .toMatch(/^李四\s*APP 未开启推送（仅站内消息），短信 已发出 \d\d:\d\d$/);
  });

  it('the app icon badge shows 李四’s unread message count from the home badges', async () => {
    const lisi = await signedIn('lisi');
    // the Badging API is the browser's: record what the app asks of it, and still call the real one
    await lisi.context().addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { badgeCalls: unknown[] }).badgeCalls = calls;
      const real = navigator.setAppBadge?.bind(navigator);
      Object.defineProperty(navigator, 'setAppBadge', {
        configurable: true,
        value: (n?: number) => {
          calls.push(n);
          return real ? real(n).catch(() => undefined) : Promise.resolve();
        },
      });
    });
    await lisi.goto(`${env.app.baseUrl}/`);
    const tile = lisi.getByRole('navigation', { name: '应用' }).getByText('审批').locator('..');
    await expect.poll(() => tile.innerText()).toMatch(/\d/);
    const unread = (await (await apiAs('lisi')).get<{ message: number }>('/api/message/badges')).body.data.message;
    expect(unread).toBeGreaterThan(0);
    await expect
      .poll(() => lisi.evaluate(() => (window as unknown as { badgeCalls: unknown[] }).badgeCalls.at(-1)))
      .toBe(unread);
  });
});
