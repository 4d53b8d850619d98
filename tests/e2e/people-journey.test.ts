import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, newContext } from './support/browser';
import { loginThroughForm, useAppAndBrowser } from './support/app';

const env = useAppAndBrowser();

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
    await page.getByRole('list', { name: '搜索结果' }).getByRole('button', { name: /林晓雨/ }).click();
    await page.waitForURL('**/addressbook/userInfo?**');
    await page.getByRole('heading', { name: '林晓雨' }).waitFor();
    await page.getByText(/财务/).first().waitFor();
    expect(await page.getByRole('link', { name: '拨打电话' }).getAttribute('href')).toMatch(/^tel:138\d{8}$/);
    await page.getByRole('button', { name: '☆ 收藏' }).click();
    await page.getByRole('button', { name: '★ 已收藏' }).waitFor();
    await page.goto(`${env.app.baseUrl}/addressbook/collect`);
    await page.getByRole('list', { name: '常用联系人' }).getByRole('button', { name: /林晓雨/ }).waitFor();
    // the opened card is a recent contact on the address book's first page
    await page.goto(`${env.app.baseUrl}/addressbook/index`);
    await page.getByRole('list', { name: '最近联系人' }).getByRole('button', { name: /林晓雨/ }).waitFor();
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
});
