import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, newContext } from './support/browser';
import { loginThroughForm, useAppAndBrowser } from './support/app';
import { atRest } from './support/at-rest';

// every reminder channel configured (the site offers only those); nothing is sent in this file, the addresses lead nowhere
const nowhere = 'http://127.0.0.1:9';
const env = useAppAndBrowser({
  SMTP_URL: 'smtp://127.0.0.1:9',
  WECOM_CORP_ID: 'corp',
  WECOM_CORP_SECRET: 'secret',
  WECOM_AGENT_ID: '1',
  WECOM_API_BASE: nowhere,
  DINGTALK_APP_KEY: 'key',
  DINGTALK_APP_SECRET: 'secret',
  DINGTALK_AGENT_ID: '1',
  DINGTALK_API_BASE: nowhere,
  SMS_ACCESS_KEY_ID: 'key',
  SMS_ACCESS_KEY_SECRET: 'secret',
  SMS_SIGN_NAME: '协同办公',
  SMS_TEMPLATE_CODE: 'SMS_1',
  SMS_API_BASE: nowhere,
});

async function signedIn(username: string, password = '123456'): Promise<Page> {
  const { context } = await newContext(env.browser, PHONE);
  const page = await context.newPage();
  await loginThroughForm(page, env.app.baseUrl, username, password);
  await page.waitForURL('**/phonehome');
  return page;
}

describe('people journeys (通讯录, 我的)', () => {
  it('finds a colleague by 拼音 initials, opens the card, stars them and sees them in 常用联系人', async () => {
    const page = await signedIn('zhangsan');
    await page.goto(`${env.app.baseUrl}/addressbook/index`);
    await page.getByPlaceholder('搜索姓名、拼音或手机号').fill('lxy');
    await page.getByPlaceholder('搜索姓名、拼音或手机号').press('Enter');
    await page
      .getByRole('list', { name: '搜索结果' })
      .getByRole('button', { name: /林晓雨/ })
      .click();
    await page.waitForURL('**/addressbook/userInfo?**');
    await page.getByRole('heading', { name: '林晓雨' }).waitFor();
    await page.getByText(/财务/).first().waitFor();
    expect(await page.getByRole('link', { name: '拨打电话' }).getAttribute('href')).toMatch(/^tel:138\d{8}$/);
    await page.getByRole('button', { name: '☆ 收藏' }).click();
    await page.getByRole('button', { name: '★ 已收藏' }).waitFor();
    await page.goto(`${env.app.baseUrl}/addressbook/collect`);
    await page
      .getByRole('list', { name: '常用联系人' })
      .getByRole('button', { name: /林晓雨/ })
      .waitFor();
    // the opened card is a recent contact on the address book's first page
    await page.goto(`${env.app.baseUrl}/addressbook/index`);
    await page
      .getByRole('list', { name: '最近联系人' })
      .getByRole('button', { name: /林晓雨/ })
      .waitFor();
  });

  it('changes the password in 我的 and logs in with the new one (the old one no longer works)', async () => {
    const page = await signedIn('zhoujie');
    await page.goto(`${env.app.baseUrl}/myCenter/index`);
    await page.getByRole('button', { name: /修改密码/ }).click();
    await page.getByPlaceholder('请输入原密码').fill('123456');
    await page.getByPlaceholder('8-32位，含字母和数字').fill('weak');
    await page.getByPlaceholder('请再次输入新密码').fill('weak');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByRole('alert').getByText('新密码须为8-32位，且同时包含字母和数字').waitFor();
    await page.getByPlaceholder('8-32位，含字母和数字').fill('Journey2026');
    await page.getByPlaceholder('请再次输入新密码').fill('Journey2026');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('密码已修改').waitFor();

    const { context } = await newContext(env.browser, PHONE);
    const fresh = await context.newPage();
    await loginThroughForm(fresh, env.app.baseUrl, 'zhoujie', '123456');
    await fresh.getByText('用户名或密码错误').waitFor();
    await loginThroughForm(fresh, env.app.baseUrl, 'zhoujie', 'Journey2026');
    await fresh.waitForURL('**/phonehome');
  });

  it('我的 → 签名: a drawn signature is kept (已设置 after a reload); 提醒方式 chosen is what 审批 offers ticked', async () => {
    const page = await signedIn('sunqi');
    await page.goto(`${env.app.baseUrl}/myCenter/index`);
    const signRow = page.getByRole('list', { name: '个人资料' }).getByRole('button', { name: /签名/ });
    await expect.poll(() => signRow.innerText()).toContain('未设置');
    await signRow.click();
    const pad = page.getByLabel('签名区域');
    const done = page.getByRole('button', { name: '确定' });
    // the sheet slides up and ignores the pointer until then (a press on the mask would close it): wait until the pad
    // stays put, then draw until it took a stroke (确定 is enabled once something is drawn)
    await atRest(pad, { interval: 300, timeout: 20_000 });
    const stroke = async () => {
      const box = (await pad.boundingBox())!;
      await page.mouse.move(box.x + 20, box.y + box.height / 2);
      await page.mouse.down();
      for (let i = 1; i <= 10; i++)
        await page.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? 15 : -15));
      await page.mouse.up();
    };
    await expect
      .poll(async () => (await stroke(), (await done.count()) > 0 && (await done.isEnabled())), { timeout: 20_000 })
      .toBe(true);
    await done.click();
    await page.getByText('签名已更新').waitFor();
    await expect.poll(() => signRow.innerText()).toContain('已设置');
    await page.reload();
    await expect.poll(() => signRow.innerText(), { timeout: 15_000 }).toContain('已设置');
    await page.getByRole('img', { name: '我的签名' }).waitFor();

    // 提醒方式: only 邮件 and 钉钉 (the site offers APP, 短信, 邮件, 企业微信, 钉钉)
    await page.getByRole('button', { name: /提醒方式/ }).click();
    const channels = page.getByRole('group', { name: '提醒方式' });
    for (const label of ['APP', '短信', '企业微信']) {
      const box = channels.getByRole('checkbox', { name: label });
      await expect.poll(() => box.isChecked()).toBe(true);
      await channels.getByText(label, { exact: true }).click();
      await expect.poll(() => box.isChecked()).toBe(false);
    }
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('提醒方式已保存').waitFor();
    await expect.poll(() => page.getByRole('button', { name: /提醒方式/ }).innerText()).toContain('邮件、钉钉');

    // a new 请假 starts with the chosen channels ticked, and only those
    await page.goto(`${env.app.baseUrl}/follow/followList`);
    await page.getByRole('button', { name: '请假' }).click();
    const offered = page.getByRole('group', { name: '提醒方式' });
    await expect.poll(() => offered.getByRole('checkbox', { name: '邮件' }).isChecked()).toBe(true);
    const ticked = async () => {
      const result: string[] = [];
      for (const label of ['APP', '短信', '邮件', '企业微信', '钉钉'])
        if (await offered.getByRole('checkbox', { name: label }).isChecked()) result.push(label);
      return result;
    };
    expect(await ticked()).toEqual(['邮件', '钉钉']);
  });

  it('/addressbook/userInfo without a person says 暂无数据 and leads back to 通讯录', async () => {
    const page = await signedIn('hejing');
    await page.goto(`${env.app.baseUrl}/addressbook/userInfo`);
    await page.getByText('暂无数据').waitFor();
    expect(await page.getByText('加载中...').count()).toBe(0);
    await page.getByRole('link', { name: '返回通讯录' }).click();
    await page.waitForURL('**/addressbook/index');
    await page.getByPlaceholder('搜索姓名、拼音或手机号').waitFor();
  });
});
