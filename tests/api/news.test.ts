import { describe, expect, it } from 'vitest';
import { channelId, newsClient, seededArticle } from '../factories/news-client';
import { cjk, drivers, useServer } from './support/server';

/** 资讯 (issue 13): the review workflow, who sees what, sanitised bodies, likes, comments, files and the badge. */
describe.each(drivers)('news on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, save, submit, review, detail, page, counts, upload, download } = newsClient(ctx);

  it('publish → review → published: invisible to readers until approved, then in the lists and headlines', async () => {
    const title = `节能通知${Date.now()}`;
    const id = await submit('zhangsan', { title, channelId: channelId('dept') });
    expect((await detail('wangwu', id)).status).toBe(404);
    expect((await page('wangwu', `/api/news/articles?keyword=${encodeURIComponent(title)}`)).total).toBe(0);
    expect((await page('zhangsan', '/api/news/mine?status=pending')).rows.map((r) => r.id)).toContain(id);
    // reviewers see it in their queue and in their count
    const queue = await page('lisi', '/api/news/reviews');
    expect(queue.rows.map((r) => r.id)).toContain(id);
    expect((await counts('lisi')).toReview).toBe(queue.total);
    expect((await page('wangwu', '/api/news/reviews')).total).toBe(0);

    const pinnedUntil = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const approved = await review('lisi', id, { decision: 'approve', pinnedUntil });
    expect([approved.status, approved.body.msg, approved.body.data.status]).toEqual([
      200,
      '审核通过，已发布',
      'published',
    ]);
    const seen = await detail('wangwu', id);
    expect([seen.status, seen.body.data.reviewerName, seen.body.data.pinned]).toEqual([200, '李四', true]);
    const list = await page(
      'wangwu',
      `/api/news/articles?channelId=${channelId('dept')}&keyword=${encodeURIComponent(title)}`,
    );
    expect(list.rows.map((r) => [r.id, r.read])).toEqual([[id, false]]);
    const top = (await (await as('wangwu')).get<{ id: string }[]>('/api/news/headlines')).body.data;
    expect(top.map((r) => r.id)).toContain(id);
    // a second decision is refused
    expect((await review('sunqi', id, { decision: 'reject', opinion: '晚了' })).status).toBe(409);
  });

  it('non-reviewers and authors cannot review; a rejection needs an opinion and goes back to the author', async () => {
    const id = await submit('zhangsan');
    const stranger = await review('wangwu', id, { decision: 'approve' });
    expect([stranger.status, stranger.body.msg]).toEqual([403, '您没有审核资讯的权限']);
    const own = await submit('sunqi');
    expect((await review('sunqi', own, { decision: 'approve' })).body.msg).toBe('不能审核自己提交的资讯');
    const noOpinion = await review('lisi', id, { decision: 'reject' });
    expect([noOpinion.status, noOpinion.body.msg]).toEqual([400, '驳回时请填写审核意见']);
    expect((await review('lisi', id, { decision: 'reject', opinion: '请补充图片' })).body.data.status).toBe('rejected');
    const back = (await detail('zhangsan', id)).body.data;
    expect([back.status, back.reviewOpinion, back.abilities.edit]).toEqual(['rejected', '请补充图片', true]);
    expect((await detail('wangwu', id)).status).toBe(404);
    // the author edits and resubmits; others may not
    expect(
      (
        await (
          await as('wangwu')
        ).put(`/api/news/articles/${id}`, { channelId: channelId('dept'), title: '改', submit: true })
      ).status,
    ).toBe(403);
    const again = await (
      await as('zhangsan')
    ).put<{ status: string }>(`/api/news/articles/${id}`, {
      channelId: channelId('dept'),
      title: '补充后重新提交',
      bodyHtml: '<p>有图了</p>',
      submit: true,
    });
    expect([again.status, again.body.data.status]).toEqual([200, 'pending']);
    // pending: no edits, no deletion
    expect((await (await as('zhangsan')).delete(`/api/news/articles/${id}`)).status).toBe(409);
  });

  it('drafts are the author’s alone and can be deleted; channels limit who publishes', async () => {
    const draft = await save('zhangsan', { submit: false });
    expect([draft.status, draft.body.msg, draft.body.data.status]).toEqual([200, '草稿已保存', 'draft']);
    expect((await detail('lisi', draft.body.data.id)).status).toBe(404);
    expect((await (await as('zhangsan')).delete(`/api/news/articles/${draft.body.data.id}`)).status).toBe(200);
    const refused = await save('zhangsan', { channelId: channelId('notice') });
    expect([refused.status, refused.body.msg]).toEqual([403, '无权在该栏目发布资讯']);
    const channels = (await (await as('zhangsan')).get<{ id: string; canPublish: boolean }[]>('/api/news/channels'))
      .body.data;
    expect(channels.find((c) => c.id === channelId('notice'))?.canPublish).toBe(false);
    expect(channels.find((c) => c.id === channelId('dept'))?.canPublish).toBe(true);
    const info = (
      await (
        await as('zhangsan')
      ).get<{ publishRoleNames: string[]; articleCount: number }>(`/api/news/channels/${channelId('notice')}`)
    ).body.data;
    expect(info.publishRoleNames).toEqual(['资讯编辑', '系统管理员']);
    expect(info.articleCount).toBeGreaterThanOrEqual(2);
  });

  it('bad input is 400 with the field named, never 500', async () => {
    const noTitle = await save('zhangsan', { title: '  ' });
    expect([noTitle.status, noTitle.body.msg]).toEqual([400, '请输入标题']);
    const badChannel = await save('zhangsan', { channelId: 'abc' });
    expect([badChannel.status, badChannel.body.msg]).toEqual([400, '请选择栏目']);
    const emptyBody = await save('zhangsan', { bodyHtml: '<p> </p><script>x</script>', submit: true });
    expect([emptyBody.status, emptyBody.body.msg]).toEqual([400, '请输入正文']);
    expect((await (await as('zhangsan')).get('/api/news/articles/not-a-uuid')).status).toBe(400);
    expect((await (await as('zhangsan')).get('/api/news/mine?status=weird')).body.msg).toMatch(cjk);
    expect(
      (await (await as('zhangsan')).post(`/api/news/articles/${seededArticle('annual')}/comments`, { content: '' }))
        .body.msg,
    ).toBe('请输入评论内容');
    expect((await (await ctx.as(null)).get('/api/news/articles')).status).toBe(401);
  });

  it('article bodies are sanitised on save: no script, handler, javascript: link or foreign image survives', async () => {
    const image = await upload('zhangsan', '配图.png');
    const vectors = [
      '<p onclick="alert(1)">点我</p>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">链接</a>',
      '<a href="jav&#x09;ascript:alert(1)">编码</a>',
      '<svg onload=alert(1)></svg>',
      '<iframe src="https://evil.example"></iframe>',
      '<scr<script>x</script>ipt>alert(1)</script>',
      '<div style="position:fixed;inset:0">遮罩</div>',
      `<img src="/api/form/common/api/preview?fileName=${image.fileName}" onerror="alert(1)">`,
    ];
    const id = await submit('zhangsan', { bodyHtml: vectors.join('') });
    const body = (await detail('zhangsan', id)).body.data.bodyHtml;
    expect(body).not.toMatch(/<script|onerror|onclick|onload|javascript:|<svg|<iframe|style=/i);
    expect(body).toContain(`<img src="/api/form/common/api/preview?fileName=${image.fileName}">`);
    expect(body).toContain('<p>点我</p>');
    // comments are stored as plain text (rendered as text by the client)
    const comment = await (
      await as('wangwu')
    ).post<{ content: string }>(`/api/news/articles/${seededArticle('annual')}/comments`, {
      content: '<img src=x onerror=alert(1)>',
    });
    expect(comment.body.data.content).toBe('<img src=x onerror=alert(1)>');
  });

  it('files follow the article: readers may read them once published, not before; foreign uploads cannot be attached', async () => {
    const cover = await upload('zhangsan', '封面.png');
    const attachment = await upload('zhangsan', '附件.pdf');
    const foreign = await upload('wangwu', '别人的.png');
    const stolen = await save('zhangsan', { coverFileIds: [foreign.fileName] });
    expect([stolen.status, stolen.body.msg]).toEqual([403, '不能使用他人上传的附件']);
    const id = await submit('zhangsan', {
      coverFileIds: [cover.fileName],
      attachments: [{ fileName: attachment.fileName, attachName: '附件.pdf' }],
    });
    expect(await download('wangwu', cover.fileName)).toBe(404);
    expect(await download('sunqi', attachment.fileName)).toBe(200); // the reviewer reads what waits for them
    await review('sunqi', id, { decision: 'approve' });
    expect(await download('wangwu', cover.fileName)).toBe(200);
    expect(await download('wangwu', attachment.fileName)).toBe(200);
  });

  it('opening marks read and counts views; likes and comments count once per user; the badge follows', async () => {
    const id = seededArticle('holiday');
    const before = await counts('zhaoliu');
    const badgeBefore = (await (await as('zhaoliu')).get<{ news: number }>('/api/message/badges')).body.data.news;
    expect(badgeBefore).toBe(before.unread + before.toReview);
    const views = (await detail('zhaoliu', id)).body.data.viewCount;
    const opened = await (await as('zhaoliu')).post<{ viewCount: number }>(`/api/news/articles/${id}/view`);
    expect(opened.body.data.viewCount).toBe(views + 1);
    expect((await counts('zhaoliu')).unread).toBe(before.unread - 1);
    await (await as('zhaoliu')).post(`/api/news/articles/${id}/view`);
    expect((await counts('zhaoliu')).unread).toBe(before.unread - 1);
    expect((await detail('zhaoliu', id)).body.data.read).toBe(true);

    const like = () =>
      as('zhaoliu').then((c) => c.post<{ likeCount: number }>(`/api/news/articles/${id}/like`, { liked: true }));
    const first = (await like()).body.data.likeCount;
    expect((await like()).body.data.likeCount).toBe(first);
    expect(
      (await (await as('zhaoliu')).post<{ likeCount: number }>(`/api/news/articles/${id}/like`, { liked: false })).body
        .data.likeCount,
    ).toBe(first - 1);

    await (await as('zhaoliu')).post(`/api/news/articles/${id}/comments`, { content: '收到，谢谢！' });
    const comments = await page('zhaoliu', `/api/news/articles/${id}/comments`);
    expect(comments.rows[0]).toMatchObject({ content: '收到，谢谢！', userName: '赵六', mine: true });
    // unpublished articles take no likes or comments
    const pending = await submit('zhangsan');
    expect((await (await as('zhangsan')).post(`/api/news/articles/${pending}/like`, { liked: true })).status).toBe(409);
  });
});
