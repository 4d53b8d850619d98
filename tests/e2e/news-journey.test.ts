import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seededArticle } from '../factories/news-client';
import { useAppAndBrowser, signedInOnPhone } from './support/app';
import { cacheHolds, controlled } from './support/offline';

const env = useAppAndBrowser();

const signedIn = (username: string, options?: { at?: string }) => signedInOnPhone(env, username, options);

/**
 * What of a news page does not fit the phone's 360 px: every element's visible box (cut by the scrolling or clipping
 * boxes it sits in, as the carousel hides its other slides) must lie within 0..360, the document must not scroll
 * sideways, list rows need padding on both sides, and each unread dot must be whole and off the screen edge.
 */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wrong: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}.${String((el as HTMLElement).className)
        .split(' ')
        .join('.')}`;
    const root = document.querySelector('.news-page');
    if (!root) return ['no .news-page'];
    if (document.scrollingElement!.scrollWidth > width)
      wrong.push(`document scrolls sideways: ${document.scrollingElement!.scrollWidth}`);
    for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
      let { left, right, width: w } = el.getBoundingClientRect();
      if (w === 0) continue;
      for (let up = el.parentElement; up && up !== root.parentElement; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const box = up.getBoundingClientRect();
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
      }
      if (right - left <= 0) continue; // hidden by a clipping box, like the carousel's other slides
      if (left < -0.5 || right > width + 0.5) wrong.push(`${name(el)} spans ${Math.round(left)}..${Math.round(right)}`);
    }
    for (const row of Array.from(root.querySelectorAll('.news-row'))) {
      const style = getComputedStyle(row);
      if (!(parseFloat(style.paddingLeft) > 0 && parseFloat(style.paddingRight) > 0))
        wrong.push(`${name(row)} has no side padding`);
    }
    for (const dot of Array.from(root.querySelectorAll('.news-unread-dot'))) {
      const box = dot.getBoundingClientRect();
      if (!(box.width >= 8 && box.left >= 4 && box.right <= width - 4))
        wrong.push(`unread dot at ${box.left}..${box.right}`);
    }
    return wrong;
  });
}

describe('news journey (资讯)', () => {
  it('头条, 我的资讯 and 审核 fit a 360 px phone: nothing past the edges, padded rows, whole unread dots', async () => {
    const sunqi = await signedIn('sunqi');
    for (const [path, rows] of [
      ['/news/Headlines', '最新资讯'],
      ['/news/my', '我的资讯'],
      ['/news/wait', '待审核'],
    ] as const) {
      await sunqi.goto(`${env.app.baseUrl}${path}`);
      await sunqi.getByRole('list', { name: rows }).getByRole('listitem').first().waitFor();
      if (path === '/news/Headlines') {
        await sunqi.locator('.news-carousel').waitFor();
        // 孙琪 has not opened 王五's article yet: its row shows the dot
        await sunqi.getByRole('list', { name: rows }).getByLabel('未读').first().waitFor();
      }
      await expect.poll(() => misfits(sunqi).then((wrong) => [path, ...wrong])).toEqual([path]);
    }
  });

  it('the publisher sees who has read a notice (已读 with the time) and who has not (未读); readers do not', async () => {
    const article = seededArticle('holiday'); // 孙琪's notice
    const wangwu = await signedIn('wangwu');
    const viewed = wangwu.waitForResponse((r) => r.url().endsWith(`/api/news/articles/${article}/view`) && r.ok());
    await wangwu.goto(`${env.app.baseUrl}/news/detail?id=${article}`);
    await wangwu.getByText('请各部门做好节前安全检查工作。').waitFor();
    await viewed;
    await expect.poll(() => wangwu.getByRole('button', { name: /阅读情况/ }).count()).toBe(0);

    const sunqi = await signedIn('sunqi', { at: `/news/detail?id=${article}` });
    await sunqi.getByRole('button', { name: /阅读情况/ }).click();
    await sunqi.waitForURL('**/news/readers?**');
    const read = sunqi.getByRole('list', { name: '已读' });
    // 王五 opened it moments ago: newest first, with the time
    await expect
      .poll(() => read.getByRole('listitem').first().innerText())
      .toMatch(/王五[\s\S]*\d{2}-\d{2} \d{2}:\d{2}/);
    const tabs = sunqi.getByRole('tablist');
    const readCount = Number((await tabs.getByText(/^已读 \d+$/).innerText()).replace(/\D/g, ''));
    expect(readCount).toBe(await read.getByRole('listitem').count());
    await tabs.getByText(/^未读 \d+$/).click();
    const unread = sunqi.getByRole('list', { name: '未读' });
    await unread.getByRole('listitem').first().waitFor();
    await expect.poll(() => unread.innerText()).not.toContain('王五');
    expect(await unread.innerText()).toContain('赵六');
    expect(Number((await tabs.getByText(/^未读 \d+$/).innerText()).replace(/\D/g, ''))).toBeGreaterThan(30);
    await expect.poll(() => misfits(sunqi)).toEqual([]);
  });

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
    await expect
      .poll(() => sunqi.getByRole('navigation', { name: '应用' }).getByText('资讯').locator('..').innerText(), {
        timeout: 15_000,
      })
      .toMatch(/\d/);
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

    const wangwu = await signedInOnPhone(env, 'wangwu', { serviceWorker: true });
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
