import { afterEach, describe, expect, it } from 'vitest';
import { PHONE, newContext } from './support/browser';
import { openSignedIn, useAppAndBrowser } from './support/app';

// Issue 47 point 7, AI助手 at 360×640: it opens ready for a question, with nothing to tap first.

const env = useAppAndBrowser();

const pageErrors: string[][] = [];
afterEach(() => expect(pageErrors.splice(0).flat()).toEqual([]));

describe('AI助手 opens ready (issue 47.7)', () => {
  it('from the home tile: the question box has the focus and the suggested questions show; 历史对话 lists the rest', async () => {
    const { context, errors } = await newContext(env.browser, PHONE);
    pageErrors.push(errors);
    const page = await context.newPage();
    await openSignedIn(page, env.app.baseUrl, 'wangwu', '/phonehome');
    await page.waitForURL('**/phonehome', { timeout: 20_000 });
    await page.getByRole('navigation', { name: '应用' }).getByText('AI助手').click();
    await page.waitForURL('**/Ai', { timeout: 20_000 });

    const box = page.getByRole('textbox', { name: '输入问题' });
    await box.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''), { timeout: 15_000 })
      .toBe('输入问题');
    for (const question of ['我的待办有哪些', '帮我写请假理由', '查找张三的电话'])
      expect(await page.getByRole('button', { name: question }).isVisible()).toBe(true);

    // typing right away asks in a new conversation
    await page.keyboard.type('查找张三的电话');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/Ai?conversationId=**', { timeout: 20_000 });
    await page.locator('.ai-bubble-user', { hasText: '查找张三的电话' }).waitFor({ timeout: 20_000 });
    // the answer and the title the question gives the conversation are stored when the answer ends
    await page.locator('.ai-bubble-assistant[aria-busy="false"]').first().waitFor({ timeout: 30_000 });

    // earlier conversations are one tap away, and Back returns to the fresh question
    await page.goBack();
    await page.waitForURL(/\/Ai$/, { timeout: 20_000 });
    await page.getByRole('button', { name: '历史对话 ›' }).click();
    const list = page.getByRole('list', { name: '对话列表' });
    await list.getByText('查找张三的电话').waitFor({ timeout: 20_000 });
    await page.goBack();
    await expect.poll(() => box.isVisible(), { timeout: 15_000 }).toBe(true);
    await context.close();
  });
});
