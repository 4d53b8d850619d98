import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seededArticle } from '../factories/news-client';
import { phonesCheckedForErrors, useAppAndBrowser } from './support/app';

// Issue 47 point 7, 资讯 at 360×640: the author is no reader of their own notice, and may remind those who have not
// read it, who then find the reminder in 消息中心.

const env = useAppAndBrowser();

const signedIn = phonesCheckedForErrors(env);

const tabCount = async (page: Page, tab: '已读' | '未读') =>
  Number(
    (
      await page
        .getByRole('tablist')
        .getByText(new RegExp(`^${tab} \\d+$`))
        .innerText()
    ).replace(/\D/g, ''),
  );

describe('资讯 readers (issue 47.7)', () => {
  it('the author opening their notice is no reader; 提醒未读 reminds the 未读, who see it in 消息中心', async () => {
    const article = seededArticle('holiday'); // 孙琪's notice
    const sunqi = await signedIn('sunqi', { at: `/news/detail?id=${article}` });
    await sunqi.getByText('请各部门做好节前安全检查工作。').waitFor({ timeout: 20_000 });
    await sunqi.getByRole('button', { name: /阅读情况/ }).click();
    await sunqi.waitForURL('**/news/readers?**', { timeout: 20_000 });

    const read = sunqi.getByRole('list', { name: '已读' });
    await read.getByRole('listitem').first().waitFor({ timeout: 20_000 });
    expect(await read.innerText()).not.toContain('孙琪');
    expect(await tabCount(sunqi, '已读')).toBe(await read.getByRole('listitem').count());

    await sunqi
      .getByRole('tablist')
      .getByText(/^未读 \d+$/)
      .click();
    const unread = sunqi.getByRole('list', { name: '未读' });
    await unread.getByRole('listitem').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => unread.innerText(), { timeout: 15_000 }).toContain('赵六');
    expect(await unread.innerText()).not.toContain('孙琪');
    const unreadCount = await tabCount(sunqi, '未读');

    await sunqi.getByRole('button', { name: '提醒未读' }).click();
    await sunqi.getByText(`已提醒${unreadCount}人`).waitFor({ timeout: 20_000 });

    const zhaoliu = await signedIn('zhaoliu', { at: '/message' });
    const reminder = zhaoliu
      .getByRole('list', { name: '消息列表' })
      .getByRole('button', { name: /资讯：关于2026年春节放假安排的通知/ });
    await reminder.waitFor({ timeout: 20_000 });
    expect(await reminder.innerText()).toMatch(/^资讯[\s\S]*孙琪/);
  });
});
