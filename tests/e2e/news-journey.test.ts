import { describe, expect, it } from 'vitest';
import { useAppAndBrowser, signedInOnPhone } from './support/app';
import { cacheHolds, controlled } from './support/offline';

const env = useAppAndBrowser();

const signedIn = (username: string) => signedInOnPhone(env, username);

describe('news journey (资讯)', () => {
  it('张三 submits an article, 孙琪 approves and pins it, it appears in the headlines and reads offline once opened', async () => {
    const title = `节能倡议${Date.now() % 100000}`;
    const body = '请大家下班随手关灯，节约用电。';

    const zhangsan = await signedIn('zhangsan');
    await zhangsan.getByRole('navigation', { name: '应用' }).getByText('资讯').click();
    await zhangsan.waitForURL('**/news/Headlines');
    await zhangsan.getByRole('link', { name: '发布' }).click();
    await zhangsan.getByPlaceholder('请输入标题').fill(title);
    await zhangsan.getByRole('button', { name: '请选择栏目' }).click();
    await zhangsan.locator('.adm-picker-header-button', { hasText: '确定' }).click();
    await zhangsan.locator('.news-picker', { hasText: '部门动态' }).waitFor();
    await zhangsan.getByRole('textbox', { name: '正文' }).click();
    await zhangsan.keyboard.type(body);
    await zhangsan.getByRole('button', { name: '提交审核' }).click();
    await zhangsan.getByText('已提交审核').waitFor();
    await zhangsan.waitForURL('**/news/my?status=pending');
    await zhangsan.getByText(title).waitFor();

    const sunqi = await signedIn('sunqi');
    // the home badge counts unread news plus the articles waiting for this reviewer
    await expect.poll(() => sunqi.getByRole('navigation', { name: '应用' }).getByText('资讯').locator('..').innerText(), { timeout: 15_000 }).toMatch(/\d/);
    await sunqi.goto(`${env.app.baseUrl}/news/wait`);
    await sunqi.getByRole('button', { name: new RegExp(title) }).click();
    await sunqi.waitForURL('**/news/waitDetail?**');
    await sunqi.getByText(body).waitFor();
    await sunqi.getByRole('button', { name: '审核' }).click();
    await sunqi.waitForURL('**/news/infoReview?**');
    await sunqi.locator('.adm-switch').click();
    await sunqi.getByText(/置顶至 \d{4}-\d{2}-\d{2}/).waitFor();
    await sunqi.getByRole('button', { name: '提交审核结果' }).click();
    await sunqi.getByText('审核通过，已发布').waitFor();
    await sunqi.waitForURL('**/news/wait');

    const wangwu = await signedIn('wangwu');
    await wangwu.goto(`${env.app.baseUrl}/news/Headlines`);
    // pinned: in the carousel, and unread in the latest list below it
    await wangwu.locator('.news-carousel').getByText(title).first().waitFor();
    const row = wangwu.getByRole('button', { name: new RegExp(title) }).last();
    await row.getByLabel('未读').waitFor();
    await row.click();
    await wangwu.waitForURL('**/news/detail?**');
    await wangwu.getByText(body).waitFor();
    await wangwu.getByLabel('评论内容').fill('支持！');
    await wangwu.getByRole('button', { name: '发表' }).click();
    await wangwu.getByText('评论成功').waitFor();
    await wangwu.locator('.news-comment-text', { hasText: '支持！' }).waitFor();

    // opened once, the article reads offline
    await controlled(wangwu);
    await expect.poll(() => cacheHolds(wangwu, body), { timeout: 10_000 }).toBe(true);
    await wangwu.context().setOffline(true);
    await wangwu.reload();
    await wangwu.getByText(body).waitFor();
    await wangwu.getByText(title).first().waitFor();
  });
});
