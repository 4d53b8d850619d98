import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { flowClient, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** Issue 10 point 10: the applicant copies the request to more people (抄送), and is offered 再次提交 after a 驳回/撤回. */
describe.each(drivers)('applicant 抄送 and 再次提交 on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, detail, list } = flowClient(ctx);
  const leave = () =>
    start('zhangsan', 'leave', {
      leaveType: '3',
      period: ['2026-12-01', '2026-12-02'],
      days: 2,
      reason: `事由-${randomUUID().slice(0, 8)}`,
    });
  const cc = async (user: string, id: string, body: { userIds: string[] }) =>
    (await as(user)).post(`/api/flow/instances/${id}/cc`, body);

  it('zhangsan copies his leave to 王五 and 赵六: it is in their 待阅 and the trace says so; only he may, once per person', async () => {
    const id = await leave();
    expect((await detail('zhangsan', id)).abilities.addCopy).toBe(true);
    expect((await detail('lisi', id)).abilities.addCopy).toBeFalsy();
    const stranger = await cc('lisi', id, { userIds: [userId('wangwu')] });
    expect([stranger.status, stranger.body.msg]).toEqual([403, '只有发起人可以抄送']);
    const empty = await cc('zhangsan', id, { userIds: [] });
    expect([empty.status, empty.body.msg]).toEqual([400, '请选择抄送人员']);

    const sent = await cc('zhangsan', id, { userIds: [userId('wangwu'), userId('zhaoliu')] });
    expect([sent.status, sent.body.msg]).toEqual([200, '已抄送']);
    for (const user of ['wangwu', 'zhaoliu'])
      expect((await list(user, 'unread')).rows.some((r) => r.instanceId === id)).toBe(true);
    const copied = (await detail('wangwu', id)).trace.find((e) => e.action === 'copy');
    expect([copied?.actorName, copied?.opinion]).toEqual(['张三', '抄送：王五、赵六']);

    const again = await cc('zhangsan', id, { userIds: [userId('wangwu')] });
    expect([again.status, again.body.msg]).toEqual([400, '所选人员已在抄送名单中']);
  });

  it('再次提交 is offered to the initiator once the request is withdrawn, not while it runs', async () => {
    const id = await leave();
    expect((await detail('zhangsan', id)).abilities.copyAgain).toBe(false);
    expect((await (await as('zhangsan')).post(`/api/flow/instances/${id}/withdraw`)).status).toBe(200);
    expect((await detail('zhangsan', id)).abilities.copyAgain).toBe(true);
    expect((await detail('lisi', id)).abilities.copyAgain).toBeFalsy();
  });
});
