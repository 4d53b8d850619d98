import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { flowClient, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** 或签: when one handler decides the node, the others' tasks close with a step of their own in the trace. */
describe.each(drivers)('closed sibling tasks on %s', (driver) => {
  const ctx = useServer(driver);
  const { start, detail, taskOf, act } = flowClient(ctx);

  it('lisi adds zhaoliu as a 后加签 (或签) on the 或签 部门负责人审批; zhaoliu approves, zhoujie’s task shows 因他人已处理而关闭 and the request is 已通过', async () => {
    const id = await start('zhangsan', 'leave', {
      leaveType: '3',
      period: ['2026-12-01', '2026-12-02'],
      days: 2,
      reason: `事由-${randomUUID().slice(0, 8)}`,
    });
    const added = await act('lisi', await taskOf('lisi', id), 'add-signer', {
      userIds: [userId('zhaoliu'), userId('zhoujie')],
      kind: 'after',
      signMode: 'any',
      opinion: '请一并审核',
    });
    expect(added.status, added.body.msg).toBe(200);
    const approved = await act('zhaoliu', await taskOf('zhaoliu', id), 'approve', { opinion: '同意' });
    expect(approved.status, approved.body.msg).toBe(200);
    const trace = (await detail('zhangsan', id)).trace.filter((e) => e.nodeName === '部门负责人审批');
    expect(trace.map((e) => [e.actorName, e.action, e.opinion])).toEqual([
      ['李四', 'add-signer', '请一并审核（后加签：赵六、周杰，或签）'],
      ['赵六', 'approve', '同意'],
      ['周杰', 'closed', '因他人已处理而关闭'],
    ]);
    expect((await detail('zhangsan', id)).status).toBe('approved');
  });
});
