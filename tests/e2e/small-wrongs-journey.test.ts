import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customRecords, sessions, users } from '../../server/db/schema';
import { phonesCheckedForErrors, useAppAndBrowser } from './support/app';

// Issue 47 point 7: small wrongs a second-week user trips over, each as that user sees it at 360×640.

const env = useAppAndBrowser();

const signedIn = phonesCheckedForErrors(env);

/** yyyy-MM-dd HH:mm on the wall clock of Beijing. */
const shanghaiMinute = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);

describe('small wrongs (issue 47.7)', () => {
  it('业务建模 shows a record’s 更新于 in Beijing time, not UTC', async () => {
    const [record] = await env.app.database.db
      .select({ id: customRecords.id, updatedAt: customRecords.updatedAt })
      .from(customRecords)
      .where(eq(customRecords.title, '办公用品年度采购合同'));
    const page = await signedIn('zhangsan', { at: `/customModule/detail?code=contract&id=${record!.id}` });
    const meta = page.locator('.custom-card-meta');
    await meta.waitFor({ timeout: 15_000 });
    expect(await meta.innerText()).toContain(`更新于 ${shanghaiMinute(record!.updatedAt)}`);
  });

  it('邮件 has one search entry: the folder’s search box', async () => {
    const page = await signedIn('zhangsan', { at: '/email/draft' });
    await page.getByRole('link', { name: '写邮件' }).waitFor({ timeout: 15_000 });
    await page.getByPlaceholder(/搜索/).first().waitFor();
    expect(await page.getByPlaceholder(/搜索/).count()).toBe(1);
    expect(await page.getByRole('link', { name: '搜索邮件' }).count()).toBe(0);
  });

  it('an expired session says so with one 确认 button, and signing in again returns to the page', async () => {
    const page = await signedIn('zhaoliu', { at: '/email/draft' });
    await page.getByRole('link', { name: '写邮件' }).waitFor({ timeout: 15_000 });
    const [zhaoliu] = await env.app.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'zhaoliu'));
    await env.app.database.db.delete(sessions).where(eq(sessions.userId, zhaoliu!.id));

    // the signal drops and comes back: the app reads what is on screen again and meets the ended session. A read in
    // the background (离线同步, the event stream) may meet it first, before any tap: the dialog is one either way
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    const expired = page.getByRole('dialog').filter({ hasText: '登录状态已过期' });
    // the dialog's code is fetched on first use: 15 s ran out in CI under load
    await expired.waitFor({ timeout: 30_000 });
    expect(await expired.getByRole('button').allInnerTexts()).toEqual(['确认']);
    await expired.getByRole('button', { name: '确认' }).click();

    await page.waitForURL('**/login**', { timeout: 15_000 });
    await page.getByPlaceholder('请输入用户名').fill('zhaoliu');
    await page.getByPlaceholder('请输入密码').fill('123456');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/email/draft', { timeout: 15_000 });
  });
});
