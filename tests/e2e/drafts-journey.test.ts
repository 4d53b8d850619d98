import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { flowInstances, users } from '../../server/db/schema';
import { toCount } from '../../server/db/client';
import { seededArticle } from '../factories/news-client';
import { phonesCheckedForErrors, useAppAndBrowser } from './support/app';
import { compose } from './support/mail-pages';

// Issue 47 point 1: nothing typed is lost. Every form asks 保存草稿？ on 返回, the phone's Back or a route change
// while it holds unsaved input, and gives the input back when it is opened again.

const env = useAppAndBrowser();

const signedIn = phonesCheckedForErrors(env);

/** The 保存草稿？ question, answered with `answer` (保存草稿, 不保存, 继续编辑). */
async function answerLeave(page: Page, answer: '保存草稿' | '不保存' | '继续编辑') {
  const question = page.getByRole('dialog').filter({ hasText: '保存草稿？' });
  await question.waitFor({ timeout: 15_000 });
  await question.getByRole('button', { name: answer, exact: true }).click();
  await question.waitFor({ state: 'detached', timeout: 15_000 });
}

const backButton = (page: Page) => page.locator('.page-titlebar').getByRole('button', { name: '返回' });

describe('drafts (nothing typed is lost)', () => {
  it('a mail left before its auto-save asks 保存草稿？ on Back and 返回, and 保存草稿 puts it in 草稿 as written', async () => {
    const subject = `未写完的邮件${Date.now() % 100000}`;
    const body = '这封邮件还没写完，先存一下。';
    const page = await signedIn('zhangsan', { at: '/email/inbox' });
    await compose(page, '李四', subject, body);
    await page.getByRole('switch').check();

    // the phone's Back: 继续编辑 keeps the page and what was typed
    await page.goBack();
    await answerLeave(page, '继续编辑');
    expect(new URL(page.url()).pathname).toBe('/email/compose');
    expect(await page.getByLabel('主题').inputValue()).toBe(subject);

    // 返回: 保存草稿 writes it to 草稿箱 before the page closes
    await backButton(page).click();
    await answerLeave(page, '保存草稿');
    await page.waitForURL('**/email/inbox');
    await page.goto(`${env.app.baseUrl}/email/draft`);
    await page.getByRole('button', { name: new RegExp(subject) }).click();
    await page.waitForURL('**/email/compose?**');
    await page.locator('.mail-compose-page').getByRole('button', { name: '移除李四' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByLabel('主题').inputValue(), { timeout: 15_000 }).toBe(subject);
    expect(await page.getByLabel('正文').inputValue()).toBe(body);
    expect(await page.getByRole('switch').isChecked()).toBe(true);

    // nothing changed since it opened: leaving asks nothing
    await backButton(page).click();
    await page.waitForURL('**/email/draft');
  });

  it('a started 发起申请 is kept as its draft: asked on Back, autosaved while typing, open again from the catalogue', async () => {
    const draftsOfWangwu = async () => {
      const { db } = env.app.database;
      const [wangwu] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'wangwu'));
      const [row] = await db
        .select({ n: count() })
        .from(flowInstances)
        .where(and(eq(flowInstances.initiatorId, wangwu!.id), eq(flowInstances.status, 'draft')));
      return toCount(row?.n);
    };
    const draftsBefore = await draftsOfWangwu();
    const page = await signedIn('wangwu', { at: '/follow/followList' });
    await page.getByRole('button', { name: '请假', exact: true }).click();
    const reason = page.getByLabel('请假事由');
    await reason.fill('回老家办理证件');

    // the phone's Back before the auto-save: asked, and 保存草稿 keeps it as the request's draft
    await page.goBack();
    await answerLeave(page, '保存草稿');
    // the catalogue again (the form's own buttons name 请假类型 and 请假时间: the flow's button is matched exactly)
    await page.waitForURL((url) => !url.searchParams.has('definitionId'), { timeout: 15_000 });
    await page.getByRole('button', { name: '请假', exact: true }).click();
    await expect.poll(() => reason.inputValue(), { timeout: 15_000 }).toBe('回老家办理证件');

    // typing on is saved on its own: a reload (nothing asked) opens the form with it
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/flow/instances',
      { timeout: 20_000 },
    );
    await reason.fill('回老家办理证件，顺便体检');
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect.poll(() => reason.inputValue(), { timeout: 15_000 }).toBe('回老家办理证件，顺便体检');

    // one draft, not one per save
    expect(await draftsOfWangwu()).toBe(draftsBefore + 1);
  });

  it('资讯 publish and 会议 booking keep what was typed when left with 保存草稿, and open with it again', async () => {
    const page = await signedIn('zhangsan', { at: '/news/addNews' });
    await page.getByPlaceholder('请输入标题').fill('年终联欢会征集节目');
    await backButton(page).click();
    await answerLeave(page, '保存草稿');
    await page.goto(`${env.app.baseUrl}/news/addNews`);
    await expect
      .poll(() => page.getByPlaceholder('请输入标题').inputValue(), { timeout: 15_000 })
      .toBe('年终联欢会征集节目');

    await page.goto(`${env.app.baseUrl}/meeting/addMeeting`);
    await page.getByPlaceholder('请输入会议主题').fill('季度复盘会');
    await backButton(page).click();
    await answerLeave(page, '保存草稿');
    await page.waitForURL('**/phonehome');
    await page.goto(`${env.app.baseUrl}/meeting/addMeeting`);
    await expect
      .poll(() => page.getByPlaceholder('请输入会议主题').inputValue(), { timeout: 15_000 })
      .toBe('季度复盘会');
  });

  it('a 评论 being written is asked about on 返回: 不保存 forgets it, 保存草稿 gives it back on return', async () => {
    const page = await signedIn('wangwu');
    const detail = `${env.app.baseUrl}/news/detail?id=${seededArticle('holiday')}`;
    await page.goto(detail);
    const box = page.getByLabel('评论内容');
    await box.fill('收到，马上检查');
    await backButton(page).click();
    await answerLeave(page, '不保存');
    await page.goto(detail);
    await box.waitFor();
    expect(await box.inputValue()).toBe('');

    await box.fill('已检查完毕');
    await backButton(page).click();
    await answerLeave(page, '保存草稿');
    await page.goto(detail);
    await expect.poll(() => box.inputValue(), { timeout: 15_000 }).toBe('已检查完毕');
  });

  it('a new 日程 being written is asked about on Back and opens again with what was typed', async () => {
    const page = await signedIn('zhaoliu');
    const openSchedule = async () => {
      await page.getByRole('navigation', { name: '应用' }).getByRole('link', { name: /日程/ }).click();
      await page.waitForURL('**/schedule/index');
      await page.getByRole('button', { name: '新建日程' }).click();
    };
    await openSchedule();
    await page.getByPlaceholder('请输入日程标题').fill('拜访客户');
    await page.goBack();
    await answerLeave(page, '保存草稿');
    await page.waitForURL('**/phonehome');
    await openSchedule();
    await expect.poll(() => page.getByPlaceholder('请输入日程标题').inputValue(), { timeout: 15_000 }).toBe('拜访客户');
  });
});
