import { describe, expect, it } from 'vitest';
import type { InboxMessage } from '../../contract/message';
import { flowClient, forms, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** Issue 47 point 4: a 评论 may @mention people who can see the request; each is reminded in 消息. */
describe.each(drivers)('@mentions in 审批 评论 on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, detail } = flowClient(ctx);
  const comment = async (user: string, id: string, content: string, mentionIds: unknown) =>
    (await as(user)).post(`/api/flow/instances/${id}/comments`, { content, mentionIds });
  const inbox = async (user: string, id: string) =>
    (await (await as(user)).get<{ rows: InboxMessage[] }>('/api/message/inbox?pageSize=100')).body.data.rows.filter(
      (m) => m.link === `/followViewDetail?instanceId=${id}`,
    );
  const comments = async (id: string) =>
    (await detail('zhangsan', id)).trace.filter((e) => e.action === 'comment').map((e) => e.opinion);

  it('reminds the handler mentioned, once, linking the request; the writer is not reminded of themself', async () => {
    const id = await start('zhangsan', 'leave', forms.leave());
    const sent = await comment('zhangsan', id, '@李四 请今天帮忙看一下', [
      userId('lisi'),
      userId('lisi'),
      userId('zhangsan'),
    ]);
    expect(sent.status, sent.body.msg).toBe(200);
    expect((await inbox('lisi', id)).map((m) => [m.title, m.content, m.source])).toEqual([
      ['张三在评论中提到了你：张三的请假', '@李四 请今天帮忙看一下', 'flow'],
    ]);
    expect(await inbox('zhangsan', id)).toEqual([]);
    expect(await comments(id)).toEqual(['@李四 请今天帮忙看一下']);
  });

  it('refuses someone the request was not shown to, in Chinese, and keeps no comment', async () => {
    const id = await start('zhangsan', 'leave', forms.leave());
    const refused = await comment('zhangsan', id, '@王五 你也看看', [userId('wangwu')]);
    expect([refused.status, refused.body.msg]).toEqual([400, '王五不是该申请的相关人员，不能提及（可先抄送）']);
    expect(await comments(id)).toEqual([]);
    expect(await inbox('wangwu', id)).toEqual([]);
    const bad = await comment('zhangsan', id, '看看', ['not-a-person']);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});
