import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AiConversation } from '../../contract/ai';
import { api, loginAs } from '../factories/test-server';
import { tabletsCheckedForErrors, useAppAndBrowser } from './support/app';
import { docsScreenshot } from './support/docs-screenshot';

const env = useAppAndBrowser();
const onIpad = tabletsCheckedForErrors(env);

/** Conversations made over HTTP, oldest first (the list shows the newest on top). */
async function conversations(username: string, titles: string[]): Promise<string[]> {
  const client = api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, '123456'));
  const ids: string[] = [];
  for (const title of titles) {
    const created = await client.post<AiConversation>('/api/ai/conversations', {});
    expect(created.status, created.body.msg).toBe(200);
    const renamed = await client.put(`/api/ai/conversations/${created.body.data.id}`, { title });
    expect(renamed.status, renamed.body.msg).toBe(200);
    ids.push(created.body.data.id);
  }
  return ids;
}

const conversationIdOf = (page: Page) => new URL(page.url()).searchParams.get('conversationId');
const rows = (page: Page) => page.getByRole('region', { name: '会话列表', exact: true }).locator('[data-split-item]');
const row = (page: Page, title: string) => rows(page).filter({ hasText: title });
const chat = (page: Page) => page.getByRole('region', { name: '对话', exact: true });

describe.each([
  { width: 1024, height: 768, username: 'wangwu' },
  { width: 768, height: 1024, username: 'zhangsan' },
])('AI助手 on a tablet at $width×$height', ({ width, height, username }) => {
  it('a conversation opens beside the list; keys move through rows; reload and a deep link keep it', async () => {
    const [first, second, third] = await conversations(username, ['平板对话一', '平板对话二', '平板对话三']);
    const page = await onIpad(username, { width, height }, '/Ai');
    await row(page, '平板对话一').waitFor({ timeout: 20_000 });
    // none open: the pane beside the list starts a new conversation
    await chat(page).getByText('你好，我是AI助手').waitFor();

    await row(page, '平板对话三').click();
    await expect.poll(() => conversationIdOf(page)).toBe(third);
    // the pane mounts the opened conversation once its messages arrive: text typed into the pane it replaces is gone
    // with it, and the loading overlay takes taps meanwhile (busy runs found 发送 disabled, or covered), so type and
    // tap until a tap on 发送 goes through; a tap that went through sent the question once
    const send = chat(page).getByRole('button', { name: '发送' });
    await expect
      .poll(
        async () => {
          await chat(page).getByRole('textbox', { name: '输入问题' }).fill('我有几个待办');
          if (!(await send.isEnabled())) return false;
          return send.click({ timeout: 3_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await chat(page).getByText('你目前有', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await row(page, '平板对话三').getAttribute('aria-current')).toBe('true');
    if (width === 1024) await docsScreenshot(page, 'pad-ai');

    // the arrow keys move to the next row (the list is newest first), Enter opens it beside the list
    await row(page, '平板对话三').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => conversationIdOf(page)).not.toBe(third);
    const moved = conversationIdOf(page);
    expect([first, second]).toContain(moved);
    await chat(page).getByText('你好，我是AI助手').waitFor();
    expect(await chat(page).locator('.ai-bubble-user').count()).toBe(0);

    await page.reload();
    await expect.poll(() => rows(page).and(page.locator('[aria-current="true"]')).count(), { timeout: 20_000 }).toBe(1);
    expect(conversationIdOf(page)).toBe(moved);

    await page.goto(`${env.app.baseUrl}/Ai?conversationId=${third}`);
    await chat(page).locator('.ai-bubble-user', { hasText: '我有几个待办' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => row(page, '平板对话三').getAttribute('aria-current')).toBe('true');
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '工作台' }).waitFor();
  });
});

describe('one pane (iPad split view, 507×1024)', () => {
  it('a conversation opens alone with 返回; 返回 leaves no entry that Back would reopen', async () => {
    const [id] = await conversations('lisi', ['单栏平板对话']);
    const page = await onIpad('lisi', { width: 507, height: 1024 }, '/padworktable/index');
    await page.goto(`${env.app.baseUrl}/Ai`);
    await row(page, '单栏平板对话').waitFor({ timeout: 20_000 });
    expect(await chat(page).count()).toBe(0);

    await row(page, '单栏平板对话').click();
    await expect.poll(() => conversationIdOf(page)).toBe(id);
    await chat(page).getByRole('textbox', { name: '输入问题' }).waitFor();
    expect(await page.getByRole('region', { name: '会话列表', exact: true }).count()).toBe(0);

    await chat(page).getByRole('button', { name: '返回', exact: true }).click();
    await row(page, '单栏平板对话').waitFor();
    expect(conversationIdOf(page)).toBeNull();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/Ai');
    expect(conversationIdOf(page)).toBeNull();
  });
});
