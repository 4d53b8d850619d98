import { describe, expect, it } from 'vitest';
import { api, loginAs } from '../factories/test-server';
import { channelId } from '../factories/news-client';
import { useAppAndBrowser, signedInOnPhone } from './support/app';

// Issue 47: @提及 in a 资讯 评论 on a phone at 360×640, from the picker to the reminder that opens the article.

const env = useAppAndBrowser();
const apiAs = async (username: string) => api(env.app.baseUrl, await loginAs(env.app.baseUrl, username, '123456'));
const WAIT = { timeout: 20_000 };

/** 张三 writes an article and 李四 approves it (the journey is about its comments). */
async function publishedArticle(title: string) {
  const saved = await (
    await apiAs('zhangsan')
  ).post<{ id: string }>('/api/news/articles', {
    channelId: channelId('dept'),
    title,
    bodyHtml: '<p>本周五下午团建，请大家报名。</p>',
    submit: true,
  });
  expect(saved.status, saved.body.msg).toBe(200);
  const id = saved.body.data.id;
  const reviewed = await (await apiAs('lisi')).post(`/api/news/articles/${id}/review`, { decision: 'approve' });
  expect(reviewed.status, reviewed.body.msg).toBe(200);
  return id;
}

describe('资讯 评论 @提及 (issue 47)', () => {
  it('王五 mentions 赵六, who finds it in 消息 and opens the article at its comment', async () => {
    const title = `团建报名${Date.now() % 100000}`;
    const id = await publishedArticle(title);
    const wangwu = await signedInOnPhone(env, 'wangwu', { at: `/news/detail?id=${id}` });
    const comments = wangwu.getByRole('region', { name: '评论' });
    await comments.getByRole('button', { name: '@提及' }).click(WAIT);
    await wangwu.getByPlaceholder('搜索姓名、账号或手机号').fill('赵六');
    await wangwu.getByRole('checkbox', { name: '选择赵六' }).check();
    await wangwu.getByRole('button', { name: /^确定\(1\)/ }).click();
    const box = comments.getByRole('textbox', { name: '评论内容' });
    await expect.poll(() => box.inputValue(), WAIT).toBe('@赵六 ');
    await box.press('End');
    await box.pressSequentially('一起报名吧');
    await comments.getByText('将提醒：赵六').waitFor();
    await comments.getByRole('button', { name: '发表' }).click();
    await wangwu.getByText('评论成功').waitFor(WAIT);

    const zhaoliu = await signedInOnPhone(env, 'zhaoliu', { at: '/message' });
    const row = zhaoliu.getByRole('list', { name: '消息列表' }).getByRole('button', { name: /王五在评论中提到了你/ });
    await row.first().waitFor(WAIT);
    expect(await row.first().innerText()).toMatch(new RegExp(`^资讯\\s*王五在评论中提到了你：${title}`));
    await row.first().click();
    await zhaoliu.waitForURL(`**/news/detail?id=${id}`, WAIT);
    await zhaoliu.getByRole('region', { name: '评论' }).getByText('@赵六 一起报名吧').waitFor(WAIT);
  });
});
