import { and, count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mailMessages } from '../../server/db/schema';
import { toCount } from '../../server/db/client';
import { api, loginAs } from '../factories/test-server';
import { PHONE, newContext } from './support/browser';
import { loginThroughForm, useAppAndBrowser } from './support/app';
import { controlled } from './support/offline';

const env = useAppAndBrowser();

/** Uncaught errors of every page opened here: a journey that threw in the page fails even if it looked right. */
const pageErrors: string[][] = [];
afterEach(() => expect(pageErrors.splice(0).flat()).toEqual([]));

async function signedIn(username: string): Promise<Page> {
  const { context, errors } = await newContext(env.browser, PHONE);
  pageErrors.push(errors);
  const page = await context.newPage();
  await loginThroughForm(page, env.app.baseUrl, username, '123456');
  await page.waitForURL('**/phonehome');
  return page;
}

async function unreadOf(username: string): Promise<number> {
  const client = api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, '123456'));
  return (await client.get<{ unread: number }>('/api/mail/counts')).body.data.unread;
}

/** From a mail folder, writes a mail: the recipient through the OrgUserSelector, then subject and body. */
async function compose(page: Page, to: string, subject: string, body: string) {
  await page.getByRole('link', { name: '写邮件' }).click();
  await page.waitForURL('**/email/compose');
  await page.getByRole('button', { name: '＋ 添加' }).first().click();
  await page.getByPlaceholder('搜索姓名、账号或手机号').fill(to);
  await page.getByRole('checkbox', { name: `选择${to}` }).check();
  await page.getByRole('button', { name: /^确定/ }).click();
  await page.locator('.mail-compose-page').getByRole('button', { name: `移除${to}` }).waitFor();
  await page.getByLabel('主题').fill(subject);
  await page.getByLabel('正文').fill(body);
}

const sentCount = async (subject: string) => {
  const [row] = await env.app.database.db
    .select({ n: count() })
    .from(mailMessages)
    .where(and(eq(mailMessages.subject, subject), eq(mailMessages.status, 'sent')));
  return toCount(row?.n);
};

describe('mail journey (邮件)', () => {
  it('张三 writes to 李四 through the picker; 李四 sees the badge, opens it (read) and replies; 张三 sees the reply', async () => {
    const subject = `项目周报${Date.now() % 100000}`;
    const body = '本周完成了需求评审，下周开始开发。';
    const reply = '收到，辛苦了！';
    const lisiUnreadBefore = await unreadOf('lisi');

    const zhangsan = await signedIn('zhangsan');
    await zhangsan.goto(`${env.app.baseUrl}/email/inbox`);
    await compose(zhangsan, '李四', subject, body);
    await zhangsan.getByRole('button', { name: '发送', exact: true }).click();
    await zhangsan.getByText('邮件已发送').waitFor();
    await zhangsan.waitForURL('**/email/outbox');
    await zhangsan.getByRole('button', { name: new RegExp(subject) }).waitFor();

    const lisi = await signedIn('lisi');
    const tile = lisi.getByRole('navigation', { name: '应用' }).getByRole('link', { name: /邮件/ });
    await expect.poll(() => tile.innerText()).toContain(String(lisiUnreadBefore + 1));
    await tile.click();
    await lisi.waitForURL('**/email/inbox');
    const row = lisi.getByRole('button', { name: new RegExp(subject) });
    await row.getByLabel('未读').waitFor();
    await row.click();
    await lisi.waitForURL('**/email/detail?**');
    await lisi.locator('.mail-body').getByText(body).waitFor();
    // opening it marked it read, on the server and in the inbox
    await expect.poll(() => unreadOf('lisi')).toBe(lisiUnreadBefore);
    await lisi.getByRole('button', { name: '回复', exact: true }).click();
    await lisi.waitForURL('**/email/compose?**');
    await lisi.locator('.mail-compose-page').getByRole('button', { name: '移除张三' }).waitFor();
    expect(await lisi.getByLabel('主题').inputValue()).toBe(`回复：${subject}`);
    await lisi.getByLabel('正文').fill(reply);
    await lisi.getByRole('button', { name: '发送', exact: true }).click();
    await lisi.getByText('邮件已发送').waitFor();
    await lisi.goto(`${env.app.baseUrl}/email/inbox`);
    await lisi.getByRole('button', { name: new RegExp(subject) }).waitFor();
    // the list may paint from its cache first; once it has revalidated, the mail he read is no longer 未读
    await expect.poll(() => lisi.getByRole('button', { name: new RegExp(subject) }).getByLabel('未读').count(), { timeout: 15_000 }).toBe(0);

    await zhangsan.goto(`${env.app.baseUrl}/email/inbox`);
    const answer = zhangsan.getByRole('button', { name: new RegExp(`回复：${subject}`) });
    await answer.getByLabel('未读').waitFor();
    await answer.click();
    await zhangsan.waitForURL('**/email/detail?**');
    await zhangsan.locator('.mail-body').getByText(reply).waitFor();
    // the thread links back to the mail it answers
    await zhangsan.getByRole('region', { name: '往来邮件' }).getByText(new RegExp(`张三 · ${subject}`)).waitFor();
  });

  it('a mail written offline waits in the outbox and is delivered once the network returns', async () => {
    const subject = `离线邮件${Date.now() % 100000}`;
    const body = '地铁里写的，联网后发出。';
    const zhangsan = await signedIn('zhangsan');
    await controlled(zhangsan);
    const contactsLoaded = zhangsan.waitForResponse((response) => response.url().endsWith('/api/mail/contacts/recent') && response.ok());
    await zhangsan.goto(`${env.app.baseUrl}/email/inbox`);
    await contactsLoaded;

    // offline the org picker cannot search; the recent contacts cached with the folder can still be tapped
    await zhangsan.context().setOffline(true);
    await zhangsan.getByRole('link', { name: '写邮件' }).click();
    await zhangsan.waitForURL('**/email/compose');
    await zhangsan.locator('.mail-suggest').getByRole('button', { name: '李四' }).click();
    await zhangsan.locator('.mail-compose-page').getByRole('button', { name: '移除李四' }).waitFor();
    await zhangsan.getByLabel('主题').fill(subject);
    await zhangsan.getByLabel('正文').fill(body);
    await zhangsan.getByRole('button', { name: '发送', exact: true }).click();
    // the app says it waits, and 已发送 lists it under 待发送
    await zhangsan.getByText('已加入待同步队列，联网后自动提交').waitFor();
    await zhangsan.waitForURL('**/email/outbox');
    await zhangsan.getByText('1 项操作待同步').waitFor();
    await zhangsan.getByRole('region', { name: '待发送' }).getByText(subject).waitFor();
    expect(await sentCount(subject)).toBe(0);

    await zhangsan.context().setOffline(false);
    await expect.poll(() => sentCount(subject), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => zhangsan.getByRole('region', { name: '待发送' }).count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => zhangsan.getByText(/项操作待同步/).count()).toBe(0);
    await zhangsan.getByRole('button', { name: new RegExp(subject) }).waitFor();

    const lisi = await signedIn('lisi');
    await lisi.goto(`${env.app.baseUrl}/email/inbox`);
    await lisi.getByRole('button', { name: new RegExp(subject) }).click();
    await lisi.waitForURL('**/email/detail?**');
    await lisi.locator('.mail-body').getByText(body).waitFor();
    expect(await sentCount(subject)).toBe(1);
  });
});
