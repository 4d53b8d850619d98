import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newsChannels } from '../../server/db/schema';
import { channelId, newsClient, seededArticle } from '../factories/news-client';
import { cjk, drivers, useServer } from './support/server';

/*
 * 资讯 views (issues 27.7, 28.14, 28.5): the view count counts people, not calls; the publisher (and admins) see who
 * of the article's audience has read it and who not; the internal 审核意见 reaches only the author, reviewers and admins.
 */
describe.each(drivers)('news views and readers on %s', (driver) => {
  const ctx = useServer(driver);
  const { detail, view, readers, publish } = newsClient(ctx);
  const names = (page: { rows: { name: string }[] }) => page.rows.map((r) => r.name).sort();

  it('counts one view per person: repeating the call, even all at once, does not inflate the count', async () => {
    const id = await publish('zhangsan', 'lisi');
    expect((await detail('wangwu', id)).body.data.viewCount).toBe(0);
    for (let i = 0; i < 20; i++) expect((await view('wangwu', id)).body.data.viewCount).toBe(1);
    await Promise.all(Array.from({ length: 10 }, () => view('zhaoliu', id)));
    expect((await view('zhaoliu', id)).body.data.viewCount).toBe(2);
    expect((await detail('zhoujie', id)).body.data.viewCount).toBe(2);
    const listed = await (
      await ctx.as('zhoujie')
    ).get<{ rows: { id: string; viewCount: number }[] }>(
      `/api/news/articles?channelId=${channelId('dept')}&pageSize=100`,
    );
    expect(listed.body.data.rows.find((r) => r.id === id)?.viewCount).toBe(2);
  });

  it('a seeded article’s view count is the number of people who opened it', async () => {
    const id = seededArticle('security');
    const answer = await readers('admin', id, true);
    expect(answer.status).toBe(200);
    expect((await detail('admin', id)).body.data.viewCount).toBe(answer.body.data.readCount);
  });

  it('the publisher sees 已读 (with the time) and 未读 of everyone who may read the article; nobody else may', async () => {
    const id = await publish('zhangsan', 'lisi');
    const before = await readers('zhangsan', id, false);
    expect(before.status).toBe(200);
    const everyone = before.body.data.unreadCount;
    expect([before.body.data.readCount, before.body.data.total, everyone > 30]).toEqual([0, everyone, true]);
    expect(names(before.body.data)).toEqual(expect.arrayContaining(['王五', '赵六', '李四', '系统管理员']));
    // the author wrote it: no reader of it (issue 47.7)
    expect(names(before.body.data)).not.toContain('张三');

    const opened = Date.now();
    await view('wangwu', id);
    await view('zhaoliu', id);
    await view('wangwu', id);
    const read = (await readers('zhangsan', id, true)).body.data;
    expect([read.readCount, read.unreadCount, read.total]).toEqual([2, everyone - 2, 2]);
    expect(names(read)).toEqual(['王五', '赵六']);
    expect(read.rows[0]).toMatchObject({ name: '赵六', orgName: expect.stringMatching(cjk) });
    for (const row of read.rows) expect(Math.abs(new Date(row.viewedAt!).getTime() - opened)).toBeLessThan(60_000);
    const unread = (await readers('zhangsan', id, false)).body.data;
    expect([unread.total, unread.rows.length]).toEqual([everyone - 2, Math.min(100, everyone - 2)]);
    expect(names(unread)).not.toContain('王五');
    expect(unread.rows.every((r) => r.viewedAt === null)).toBe(true);
    // pages follow each other without overlap
    const first = (
      await (
        await ctx.as('zhangsan')
      ).get<{ rows: { userId: string }[] }>(`/api/news/articles/${id}/readers?read=false&pageSize=5`)
    ).body.data.rows;
    const second = (
      await (
        await ctx.as('zhangsan')
      ).get<{ rows: { userId: string }[] }>(`/api/news/articles/${id}/readers?read=false&pageSize=5&pageNum=2`)
    ).body.data.rows;
    expect(new Set([...first, ...second].map((r) => r.userId)).size).toBe(10);

    // the author's detail offers the list; admins may see it too; a reader, even the reviewer, hears 404
    expect((await detail('zhangsan', id)).body.data.abilities.readers).toBe(true);
    expect((await detail('wangwu', id)).body.data.abilities.readers).toBe(false);
    expect((await readers('admin', id, true)).body.data.readCount).toBe(2);
    for (const other of ['wangwu', 'lisi', 'sunqi']) {
      const refused = await readers(other, id, true);
      expect([other, refused.status, refused.body.data]).toEqual([other, 404, null]);
    }
    const bad = await (await ctx.as('zhangsan')).get(`/api/news/articles/${id}/readers?read=maybe`);
    expect([bad.status, bad.body.msg]).toEqual([400, '请选择已读或未读']);
    // before publication there is nothing to read yet
    const pending = (
      await (
        await ctx.as('zhangsan')
      ).post<{ id: string }>('/api/news/articles', {
        channelId: channelId('dept'),
        title: '待审',
        bodyHtml: '<p>x</p>',
        submit: true,
      })
    ).body.data.id;
    expect((await readers('zhangsan', pending, false)).status).toBe(409);
  });

  it('the audience follows the channel’s reading roles: only those readers (and admins) are listed as 未读', async () => {
    const id = randomUUID();
    await ctx.server.database.db
      .insert(newsChannels)
      .values({ id, name: `人事专栏${id.slice(0, 4)}`, readRoles: ['hr_specialist'] });
    const article = await publish('xuli', 'lisi', { channelId: id });
    expect((await detail('wangwu', article)).status).toBe(404);
    expect(names((await readers('xuli', article, false)).body.data)).toEqual(['系统管理员', '黄敏'].sort());
    await view('huangmin', article);
    const read = (await readers('xuli', article, true)).body.data;
    expect([names(read), read.readCount, read.unreadCount]).toEqual([['黄敏'], 1, 1]);
  });

  it('审核意见 reaches the author, reviewers and admins only, never another reader', async () => {
    const opinion = `内部：标题再斟酌${randomUUID().slice(0, 4)}`;
    const id = await publish('zhangsan', 'lisi', {}, opinion);
    for (const user of ['zhangsan', 'lisi', 'sunqi', 'admin'])
      expect([user, (await detail(user, id)).body.data.reviewOpinion]).toEqual([user, opinion]);
    for (const user of ['wangwu', 'zhaoliu']) {
      const answer = await detail(user, id);
      expect([user, answer.status, answer.body.data.reviewOpinion, answer.body.data.reviewerName]).toEqual([
        user,
        200,
        null,
        '李四',
      ]);
      expect(JSON.stringify(answer.body)).not.toContain(opinion);
    }
  });
});
