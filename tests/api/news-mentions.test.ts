import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../contract/envelope';
import type { InboxMessage } from '../../contract/message';
import type { NewsComment } from '../../contract/news';
import { newsChannels } from '../../server/db/schema';
import { userId } from '../factories/flow-client';
import { newsClient } from '../factories/news-client';
import { drivers, useServer } from './support/server';

/** Issue 47: a 资讯 评论 may @mention the article's readers, as a 审批 评论 does; each is reminded in 消息. */
describe.each(drivers)('@mentions in 资讯 评论 on %s', (driver) => {
  const ctx = useServer(driver);
  const { publish } = newsClient(ctx);
  const comment = async (user: string, id: string, content: string, mentionIds: unknown) =>
    (await ctx.as(user)).post<NewsComment>(`/api/news/articles/${id}/comments`, { content, mentionIds });
  const inbox = async (user: string, id: string) =>
    (await (await ctx.as(user)).get<Page<InboxMessage>>('/api/message/inbox?pageSize=100')).body.data.rows.filter(
      (m) => m.link === `/news/detail?id=${id}`,
    );
  const comments = async (id: string) =>
    (await (await ctx.as('admin')).get<Page<NewsComment>>(`/api/news/articles/${id}/comments`)).body.data.rows.map(
      (c) => c.content,
    );

  it('reminds each reader mentioned, once, linking the article; the writer is not reminded of themself', async () => {
    const id = await publish('zhangsan', 'lisi', { title: '周五团建安排' });
    const sent = await comment('wangwu', id, '@赵六 @张三 一起报名吧', [
      userId('zhaoliu'),
      userId('zhaoliu'),
      userId('zhangsan'),
      userId('wangwu'),
    ]);
    expect(sent.status, sent.body.msg).toBe(200);
    for (const user of ['zhaoliu', 'zhangsan'])
      expect((await inbox(user, id)).map((m) => [m.title, m.content, m.source, m.read])).toEqual([
        ['王五在评论中提到了你：周五团建安排', '@赵六 @张三 一起报名吧', 'news', false],
      ]);
    expect(await inbox('wangwu', id)).toEqual([]);
    expect(await comments(id)).toEqual(['@赵六 @张三 一起报名吧']);
  });

  it('refuses someone who may not read the article, in Chinese, and keeps no comment', async () => {
    const channel = randomUUID();
    await ctx.server.database.db
      .insert(newsChannels)
      .values({ id: channel, name: `人事专栏${channel.slice(0, 4)}`, readRoles: ['hr_specialist'] });
    const id = await publish('xuli', 'lisi', { channelId: channel });
    const refused = await comment('xuli', id, '@王五 看看', [userId('wangwu')]);
    expect([refused.status, refused.body.msg]).toEqual([400, '王五无权阅读该资讯，不能提及']);
    expect(await comments(id)).toEqual([]);
    expect(await inbox('wangwu', id)).toEqual([]);
    // a reader of the channel may be mentioned there
    expect((await comment('xuli', id, '@黄敏 请看', [userId('huangmin')])).status).toBe(200);
    expect((await inbox('huangmin', id)).length).toBe(1);
    const bad = await comment('xuli', id, '看看', ['not-a-person']);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});
