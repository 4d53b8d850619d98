import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FlowCommentResult } from '../../contract/flow';
import { flowClient, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** Issue 28.11: 评论 on a request without acting on it, and the timeline's last node once it has finished. */
describe.each(drivers)('审批 comments and the final node on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, detail, taskOf, actOk } = flowClient(ctx);
  const leave = () =>
    start('zhangsan', 'leave', {
      leaveType: '3',
      period: ['2026-12-01', '2026-12-02'],
      days: 2,
      reason: `事由-${randomUUID().slice(0, 8)}`,
    });
  const comment = async (user: string, id: string, body: Record<string, unknown>) =>
    (await as(user)).post<FlowCommentResult>(`/api/flow/instances/${id}/comments`, body);

  it('the applicant, the handler and a copy holder may comment; it changes nothing and everyone sees it in the trace', async () => {
    const id = await leave();
    const before = await detail('zhangsan', id);
    const task = await taskOf('lisi', id);

    const asked = await comment('zhangsan', id, { content: '  麻烦尽快审批，周一出发  ' });
    expect([asked.status, asked.body.msg]).toEqual([200, '评论成功']);
    expect(asked.body.data.comment).toMatchObject({
      action: 'comment',
      actorName: '张三',
      opinion: '麻烦尽快审批，周一出发',
      nodeName: '部门负责人审批',
      actorSignImg: null,
    });
    // the handler was told (their open detail reloads); the commenter is not told of their own comment
    expect(asked.body.data.notified).toContain(userId('lisi'));
    expect(asked.body.data.notified).not.toContain(userId('zhangsan'));
    const replied = await comment('lisi', id, { content: '收到，今天处理' });
    expect(replied.status, replied.body.msg).toBe(200);

    // still waiting on the same handler, the same task: a comment is not an action
    const after = await detail('zhangsan', id);
    expect([after.status, after.currentHandlers, after.version]).toEqual([
      'running',
      before.currentHandlers,
      before.version,
    ]);
    expect(await taskOf('lisi', id)).toBe(task);
    for (const viewer of ['zhangsan', 'lisi', 'admin']) {
      const comments = (await detail(viewer, id)).trace.filter((e) => e.action === 'comment');
      expect(
        comments.map((c) => [c.actorName, c.opinion]),
        viewer,
      ).toEqual([
        ['张三', '麻烦尽快审批，周一出发'],
        ['李四', '收到，今天处理'],
      ]);
    }
    // the trace is in time order: 提交 first, then the comments
    expect((await detail('zhangsan', id)).trace.map((e) => e.action)).toEqual(['submit', 'comment', 'comment']);

    // a copy holder (抄送 → 待阅) may view, so may comment
    expect(
      (await (await as('zhangsan')).post(`/api/flow/instances/${id}/cc`, { userIds: [userId('wangwu')] })).status,
    ).toBe(200);
    expect((await comment('wangwu', id, { content: '已知悉' })).status).toBe(200);
  });

  it('an outsider gets 404 like the detail and an unknown request, an empty or too long comment 400', async () => {
    const id = await leave();
    const outsider = await comment('zhaoliu', id, { content: '路过' });
    expect([outsider.status, outsider.body.msg]).toEqual([404, '流程不存在']);
    expect((await (await ctx.as(null)).post(`/api/flow/instances/${id}/comments`, { content: '匿名' })).status).toBe(
      401,
    );
    const missing = await comment('zhangsan', randomUUID(), { content: '不存在' });
    expect([missing.status, missing.body.msg]).toEqual([404, '流程不存在']);
    for (const body of [{ content: '' }, { content: '   ' }, {}]) {
      const empty = await comment('zhangsan', id, body);
      expect([empty.status, empty.body.msg]).toEqual([400, '请输入评论内容']);
    }
    const long = await comment('zhangsan', id, { content: '长'.repeat(501) });
    expect([long.status, long.body.msg]).toEqual([400, '评论不能超过500字']);
    expect((await comment('zhangsan', id, { content: '长'.repeat(500) })).status).toBe(200);
    expect((await detail('zhangsan', id)).trace.filter((e) => e.action === 'comment')).toHaveLength(1);
  });

  it('keeps comments as plain text: markup is dropped, a comment of markup alone is empty', async () => {
    const id = await leave();
    const scripted = await comment('zhangsan', id, { content: '<script>alert(1)</script>' });
    expect([scripted.status, scripted.body.msg]).toEqual([400, '请输入评论内容']);
    const marked = await comment('zhangsan', id, {
      content: '<b>请看</b><img src=x onerror="alert(1)"> 附件 a < b &amp; c',
    });
    expect(marked.status, marked.body.msg).toBe(200);
    const shown = (await detail('lisi', id)).trace.find((e) => e.action === 'comment');
    expect(shown?.opinion).toBe('请看 附件 a < b & c');
  });

  it('a finished request ends its timeline with 审批通过 or 已驳回 and the time; a running or withdrawn one has no end', async () => {
    const approved = await leave();
    expect((await detail('zhangsan', approved)).outcome).toBeNull();
    const beforeApprove = Date.now();
    await actOk('lisi', await taskOf('lisi', approved), 'approve', { opinion: '同意' });
    const done = await detail('zhangsan', approved);
    expect(done.status).toBe('approved');
    expect(done.outcome?.status).toBe('approved');
    const at = Date.parse(done.outcome!.finishedAt);
    expect(at).toBeGreaterThanOrEqual(beforeApprove - 5_000);
    expect(at).toBeGreaterThanOrEqual(Date.parse(done.trace.at(-1)!.createdAt));
    // a comment after the end is still a comment in the trace; the end stays where it was
    expect((await comment('lisi', approved, { content: '已归档' })).body.data.comment.nodeName).toBe('');
    expect((await detail('zhangsan', approved)).outcome).toEqual(done.outcome);

    const rejected = await leave();
    await actOk('lisi', await taskOf('lisi', rejected), 'reject', { opinion: '时间冲突' });
    expect((await detail('zhangsan', rejected)).outcome).toMatchObject({
      status: 'rejected',
      finishedAt: expect.any(String),
    });

    const withdrawn = await leave();
    expect((await (await as('zhangsan')).post(`/api/flow/instances/${withdrawn}/withdraw`)).status).toBe(200);
    expect((await detail('zhangsan', withdrawn)).outcome).toBeNull();
  });
});
