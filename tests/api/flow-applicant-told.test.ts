import { describe, expect, it } from 'vitest';
import { listenFlowEvents } from '../factories/flow-events';
import { flowClient, forms, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

type Inbox = { rows: { title: string; content: string; link: string | null }[] };

/** After 同意 / 驳回 / 退回 / 转办 the applicant gets a message opening the request, and their open pages hear live. */
describe.each(drivers)('the applicant is told of decisions on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, taskOf, act } = flowClient(ctx);
  const leave = () => start('zhangsan', 'leave', forms.leave());
  const toldOf = async (id: string) =>
    (await (await as('zhangsan')).get<Inbox>('/api/message/inbox?pageSize=100')).body.data.rows
      .filter((m) => m.link === `/followStartDetail?instanceId=${id}`)
      .map((m) => m.title);

  it('转办 then 驳回: two messages linking the request, and a live event for each on the applicant’s stream', async () => {
    const id = await leave();
    const stream = await listenFlowEvents(ctx.server.baseUrl, await ctx.uidOf('zhangsan'));
    await expect.poll(() => stream.events.length).toBeGreaterThan(0);
    const moved = await act('lisi', await taskOf('lisi', id), 'transfer', {
      toUserId: userId('zhaoliu'),
      opinion: '请代为处理',
    });
    expect(moved.status, moved.body.msg).toBe(200);
    await expect.poll(() => stream.events.filter((e) => e.instanceId === id).length).toBe(1);
    const rejected = await act('zhaoliu', await taskOf('zhaoliu', id), 'reject', { opinion: '不同意' });
    expect(rejected.status, rejected.body.msg).toBe(200);
    await expect.poll(() => stream.events.filter((e) => e.instanceId === id).length).toBe(2);
    stream.close();
    expect((await toldOf(id)).sort()).toEqual(['转办：张三的请假', '你的「请假」已驳回'].sort());
  });

  it('同意 and 退回 each reach the applicant; the applicant’s own resubmission does not message them', async () => {
    const approved = await leave();
    expect((await act('lisi', await taskOf('lisi', approved), 'approve', { opinion: '同意' })).status).toBe(200);
    expect(await toldOf(approved)).toEqual(['你的「请假」已通过']);
    const returned = await leave();
    const back = await act('lisi', await taskOf('lisi', returned), 'return', {
      opinion: '请补充',
      targetNodeId: 'start',
    });
    expect(back.status, back.body.msg).toBe(200);
    expect(await toldOf(returned)).toEqual(['退回：张三的请假']);
    const again = await act('zhangsan', await taskOf('zhangsan', returned), 'approve', { opinion: '已补充' });
    expect(again.status, again.body.msg).toBe(200);
    expect(await toldOf(returned)).toEqual(['退回：张三的请假']);
  });
});
