import { describe, expect, it } from 'vitest';
import { IPAD, PHONE, newContext } from './support/browser';
import { openSignedIn, useAppAndBrowser } from './support/app';

// The embedded assistant answers (no AI_BASE_URL in tests): the whole path is real, from the home tile to the to-do.
const env = useAppAndBrowser();

describe('AI助手 journey', () => {
  it('李四 asks 我有几个待办, taps the card to open the to-do, and reads the history offline', async () => {
    const { context, errors } = await newContext(env.browser, PHONE);
    const page = await context.newPage();
    await openSignedIn(page, env.app.baseUrl, 'lisi', '/phonehome');
    await page.waitForURL('**/phonehome');
    await page.getByRole('navigation', { name: '应用' }).getByText('AI助手').click();
    await page.waitForURL('**/Ai');

    // it opens ready for a question (issue 47.7): no 新对话 to tap first
    await page.getByRole('button', { name: '我的待办有哪些' }).waitFor();
    await page.getByRole('textbox', { name: '输入问题' }).fill('我有几个待办');
    await page.getByRole('button', { name: '发送' }).click();
    await page.waitForURL('**/Ai?conversationId=**');
    await page.getByText('你目前有', { exact: false }).waitFor();
    const card = page.getByRole('region', { name: '待办' });
    await card.getByText(/待办 · 共 \d+ 条/).waitFor();
    await card.getByRole('button').first().click();
    await page.waitForURL('**/followWaitDetail?**');
    // the to-do's detail offers its actions as buttons
    await page.getByRole('button', { name: '同意' }).waitFor();

    // back in the conversation, the question and answer come from the server's history
    await page.goBack();
    await page.waitForURL('**/Ai?conversationId=**');
    await page.locator('.ai-bubble-user', { hasText: '我有几个待办' }).waitFor();
    await expect.poll(() => page.getByText('你目前有', { exact: false }).count()).toBe(1);

    await context.setOffline(true);
    await page.getByText('当前离线：可以查看历史对话，提问需要联网').waitFor();
    await page.getByRole('textbox', { name: '输入问题' }).fill('查找张三的电话');
    await page.getByRole('button', { name: '发送' }).click();
    await page.getByText('AI助手需要联网才能回答，请联网后再试').waitFor();
    await page.getByText('你目前有', { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a tablet the conversation list and the chat sit side by side', async () => {
    const { context, errors } = await newContext(env.browser, IPAD);
    const page = await context.newPage();
    await openSignedIn(page, env.app.baseUrl, 'zhangsan', '/');
    await page.waitForURL(/\/pad/);
    await page.goto(`${env.app.baseUrl}/Ai`);
    await page.getByRole('button', { name: '＋ 新对话' }).waitFor();
    await page.getByRole('button', { name: '查找张三的电话' }).click();
    await page.waitForURL('**/Ai?conversationId=**');
    // the card of a colleague opens their 个人名片
    const person = page.getByRole('button', { name: /查看名片/ }).first();
    await person.waitFor();
    const list = page.getByRole('list', { name: '对话列表' });
    await list.getByText('查找张三的电话').waitFor();
    const [listBox, chatBox] = await Promise.all([
      list.boundingBox(),
      page.getByRole('region', { name: '对话' }).boundingBox(),
    ]);
    expect(listBox!.x + listBox!.width).toBeLessThanOrEqual(chatBox!.x + 1);
    await person.click();
    await page.waitForURL('**/addressbook/userInfo?**');
    await page.getByText('张三').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
