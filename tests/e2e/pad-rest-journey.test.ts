import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, loginAs } from '../factories/test-server';
import { userId } from '../factories/mail-client';
import { tabletsCheckedForErrors, useAppAndBrowser } from './support/app';
import { docsScreenshot } from './support/docs-screenshot';

const env = useAppAndBrowser();
const onIpad = tabletsCheckedForErrors(env);

/** Uncaught errors of every page opened here: a journey that threw in the page fails even if it looked right. */

/** Landscape, portrait, and an iPad split-view window (one pane with a back step below 700 px). */
const WINDOWS = [
  { width: 1024, height: 768, twoPanes: true },
  { width: 768, height: 1024, twoPanes: true },
  { width: 507, height: 1024, twoPanes: false },
];

async function unreadOf(username: string): Promise<number> {
  const client = api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, '123456'));
  return (await client.get<{ unread: number }>('/api/mail/counts')).body.data.unread;
}

async function sendMail(from: string, to: string, subject: string, body: string) {
  const client = api(env.app.baseUrl, await loginAs(env.app.baseUrl, from, '123456'));
  const answer = await client.post('/api/mail/messages', {
    to: [userId(to)],
    subject,
    bodyHtml: `<p>${body}</p>`,
    send: true,
  });
  expect(answer.status).toBe(200);
}

const shoot = (page: Page, name: string) => docsScreenshot(page, `pad-${name}`);

describe.each(WINDOWS)('tablet screens at $width×$height', ({ width, height, twoPanes }) => {
  it('searches 通讯录 and opens a colleague’s card (beside the list, or with a back step)', async () => {
    const page = await onIpad('zhangsan', { width, height });
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '通讯录' }).click();
    await page.waitForURL('**/padcontacts');
    const list = page.getByRole('region', { name: '组织架构' });
    await list.getByPlaceholder('搜索姓名、拼音或手机号').fill('lxy');
    await list.getByPlaceholder('搜索姓名、拼音或手机号').press('Enter');
    await list.getByRole('button', { name: /林晓雨/ }).click();
    await page.waitForURL('**/padcontacts?**userId=**');
    const card = page.getByRole('region', { name: '个人名片' });
    await card.getByRole('heading', { name: '林晓雨' }).waitFor();
    expect(await card.getByRole('link', { name: '拨打电话' }).getAttribute('href')).toMatch(/^tel:138\d{8}$/);
    if (twoPanes) {
      // the list stays beside the card with the chosen person marked
      expect(await list.getByRole('button', { name: /林晓雨/ }).getAttribute('aria-current')).toBe('true');
      if (width === 1024) await shoot(page, 'contacts');
    } else {
      expect(await list.count()).toBe(0);
      await page.getByRole('button', { name: '返回' }).click();
      await page.getByRole('region', { name: '组织架构' }).waitFor();
      expect(page.url()).not.toContain('userId');
    }
  });

  it('reads an unread mail in the reading pane: it stops being unread', async () => {
    const subject = `平板未读${width}-${Date.now() % 100000}`;
    const body = '请在平板上查看这封邮件。';
    await sendMail('lisi', 'wangwu', subject, body);
    const before = await unreadOf('wangwu');
    const page = await onIpad('wangwu', { width, height }, '/padworktable/unreademail');
    const list = page.getByRole('region', { name: '未读邮件' });
    const row = list.getByRole('button', { name: new RegExp(subject) });
    await row.getByLabel('未读').waitFor();
    await row.click();
    await page.waitForURL('**/padworktable/unreademail?id=**');
    await page.getByRole('region', { name: '邮件内容' }).locator('.mail-body').getByText(body).waitFor();
    await expect.poll(() => unreadOf('wangwu')).toBe(before - 1);
    if (twoPanes) {
      // the row being read stays listed, marked, and no longer 未读
      await expect.poll(() => row.getByLabel('未读').count(), { timeout: 15_000 }).toBe(0);
      expect(await row.getAttribute('aria-current')).toBe('true');
      if (width === 1024) await shoot(page, 'unread-mail');
    } else {
      await page.getByRole('button', { name: '返回' }).click();
      // back on the list, the mail read is gone from 未读邮件
      await page.getByRole('region', { name: '未读邮件' }).waitFor();
      await expect
        .poll(() => page.getByRole('button', { name: new RegExp(subject) }).count(), { timeout: 15_000 })
        .toBe(0);
    }
  });
});

describe('tablet 工作台 and 我的', () => {
  it('the rail leads to 工作台: the module grid and the counters, nothing 建设中', async () => {
    const page = await onIpad('lisi', { width: 1024, height: 768 });
    const rail = page.getByRole('navigation', { name: '主导航' });
    for (const name of ['待办', '工作台', '通讯录', '我的']) await rail.getByRole('link', { name }).waitFor();
    expect(await rail.locator('[aria-disabled="true"]').count()).toBe(0);
    await rail.getByRole('link', { name: '工作台' }).click();
    await page.waitForURL('**/padworktable/index');
    const grid = page.getByRole('navigation', { name: '应用' });
    await grid.getByRole('link', { name: /邮件/ }).waitFor();
    await grid.getByRole('link', { name: /审批/ }).waitFor();
    await page.getByRole('heading', { name: '李四的待办' }).waitFor();
    // the unread-mail counter opens the reading pane
    await page
      .getByRole('link', { name: /未读邮件/ })
      .first()
      .waitFor();
    await shoot(page, 'worktable');
  });

  it('我的 shows its sections beside the chosen one; arrow keys and Enter move through them', async () => {
    const page = await onIpad('zhangsan', { width: 1024, height: 768 }, '/padmy');
    const sections = page.getByRole('region', { name: '我的' });
    const detail = page.getByRole('region', { name: '设置内容' });
    // a wide window opens on 个人资料
    await detail.getByText('张三').first().waitFor();
    expect(await sections.getByRole('button', { name: /个人资料/ }).getAttribute('aria-current')).toBe('true');
    await sections.getByRole('button', { name: /个人资料/ }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/padmy?section=password');
    await detail.getByPlaceholder('请输入原密码').waitFor();
    await shoot(page, 'my');
  });
});
