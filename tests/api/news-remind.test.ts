import { describe, expect, it } from 'vitest';
import type { Page } from '../../contract/envelope';
import type { InboxMessage } from '../../contract/message';
import type { NewsRemindResult } from '../../contract/news';
import { channelId, newsClient } from '../factories/news-client';
import { drivers, useServer } from './support/server';

/*
 * 资讯 (issue 47 point 7): the author is no reader of their own article — opening it records no view, and 阅读情况
 * leaves them out of both 已读 and 未读 — and whoever may see 阅读情况 may 提醒未读: one message to each 未读.
 */
describe.each(drivers)('news author and 提醒未读 on %s', (driver) => {
  const ctx = useServer(driver);
  const { detail, view, readers, publish, page, counts } = newsClient(ctx);
  const remind = async (user: string, id: string) =>
    (await ctx.as(user)).post<NewsRemindResult>(`/api/news/articles/${id}/remind-unread`);
  const inbox = async (user: string, title: string) =>
    (
      await (
        await ctx.as(user)
      ).get<Page<InboxMessage>>(`/api/message/inbox?pageSize=100&keyword=${encodeURIComponent(title)}`)
    ).body.data.rows;

  it('the author’s own opens count no view and the author is neither 已读 nor 未读', async () => {
    const id = await publish('zhangsan', 'lisi');
    const before = await counts('zhangsan');
    for (let i = 0; i < 3; i++) expect((await view('zhangsan', id)).body.data.viewCount).toBe(0);
    await view('wangwu', id);
    expect((await detail('zhangsan', id)).body.data).toMatchObject({ viewCount: 1, read: true });
    const read = (await readers('zhangsan', id, true)).body.data;
    const unread = (await readers('zhangsan', id, false)).body.data;
    expect([read.readCount, read.rows.map((r) => r.name)]).toEqual([1, ['王五']]);
    expect(unread.rows.map((r) => r.name)).not.toContain('张三');
    expect(unread.rows.map((r) => r.name)).toContain('赵六');
    // their own new article is no unread news for them
    const mine = await page('zhangsan', `/api/news/articles?channelId=${channelId('dept')}&pageSize=100`);
    expect(mine.rows.find((r) => r.id === id)?.read).toBe(true);
    expect((await counts('zhangsan')).unread).toBe(before.unread);
  });

  it('提醒未读 messages each 未读 once, not the author nor who has read it; others may not', async () => {
    const id = await publish('zhangsan', 'lisi');
    const title = (await detail('zhangsan', id)).body.data.title;
    await view('wangwu', id);
    const unreadCount = (await readers('zhangsan', id, false)).body.data.unreadCount;

    const answer = await remind('zhangsan', id);
    expect([answer.status, answer.body.data]).toEqual([200, { reminded: unreadCount }]);
    const [message] = await inbox('zhaoliu', title);
    expect(message).toMatchObject({
      senderName: '张三',
      link: `/news/detail?id=${id}`,
      source: 'news',
      read: false,
      content: `张三提醒您阅读「${title}」`,
    });
    expect(await inbox('wangwu', title)).toEqual([]);
    expect(await inbox('zhangsan', title)).toEqual([]);

    // a reader (even the reviewer) hears what they would for 阅读情况
    for (const other of ['wangwu', 'lisi']) {
      const refused = await remind(other, id);
      expect([other, refused.status, refused.body.msg]).toEqual([other, 404, '资讯不存在或未发布']);
    }
    // an admin may remind too, of another article (this one was reminded just now)
    const other = await publish('zhangsan', 'lisi');
    expect((await remind('admin', other)).body.data.reminded).toBeGreaterThan(0);
    expect((await inbox('zhaoliu', title)).length).toBe(1);
  });

  it('reminds once per article in 10 minutes, whoever presses, refusing in Chinese and sending nothing', async () => {
    const id = await publish('zhangsan', 'lisi');
    const title = (await detail('zhangsan', id)).body.data.title;
    expect((await remind('zhangsan', id)).status).toBe(200);
    for (const who of ['zhangsan', 'admin']) {
      const again = await remind(who, id);
      expect([who, again.status, again.body.msg]).toEqual([who, 429, '刚刚已提醒过，请10分钟后再试']);
    }
    expect((await inbox('zhaoliu', title)).length).toBe(1);
    // the limit is the article's own: another article is reminded at once
    const next = await publish('zhangsan', 'lisi');
    expect((await remind('zhangsan', next)).status).toBe(200);
  });

  it('refuses what cannot be reminded with a Chinese reason, changing nothing', async () => {
    const bad = await remind('zhangsan', 'not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/资讯ID/);
    const draft = (
      await (
        await ctx.as('zhangsan')
      ).post<{ id: string }>('/api/news/articles', {
        channelId: channelId('dept'),
        title: '未发布的资讯',
        bodyHtml: '<p>x</p>',
      })
    ).body.data.id;
    const refused = await remind('zhangsan', draft);
    expect([refused.status, refused.body.msg]).toEqual([409, '资讯发布后才能查看阅读情况']);
  });
});
