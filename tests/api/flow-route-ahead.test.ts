import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { flowClient } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** The detail shows the route ahead: the approval nodes still to come, whom they name now and how they sign. */
describe.each(drivers)('route ahead on %s', (driver) => {
  const ctx = useServer(driver);
  const { start, detail, taskOf, act } = flowClient(ctx);
  const tag = () => randomUUID().slice(0, 8);

  it('an expense shows 财务审核 (杨帆) ahead of 部门负责人审批 until lisi approves; a finished request shows nothing ahead', async () => {
    const id = await start('zhangsan', 'expense', {
      expenseType: 'travel',
      amount: 88,
      occurredOn: '2026-11-12',
      description: `打车-${tag()}`,
    });
    expect((await detail('zhangsan', id)).routeAhead).toEqual([
      { nodeName: '财务审核', signMode: 'all', handlers: ['杨帆'], chosenLater: false },
    ]);
    await act('lisi', await taskOf('lisi', id), 'approve', { opinion: '同意' });
    expect((await detail('zhangsan', id)).routeAhead).toEqual([]);
    await act('yangfan', await taskOf('yangfan', id), 'approve', { opinion: '同意' });
    const done = await detail('zhangsan', id);
    expect([done.status, done.routeAhead]).toEqual(['approved', []]);
  });

  it('the branch follows the form: a 5-day leave also goes to the 总经理审批 (或签 of the general managers)', async () => {
    const short = await start('zhangsan', 'leave', {
      leaveType: '3',
      period: ['2026-12-01', '2026-12-02'],
      days: 2,
      reason: `事由-${tag()}`,
    });
    expect((await detail('zhangsan', short)).routeAhead).toEqual([]);
    const long = await start('zhangsan', 'leave', {
      leaveType: '3',
      period: ['2026-12-01', '2026-12-05'],
      days: 5,
      reason: `事由-${tag()}`,
    });
    const [gm, ...rest] = (await detail('lisi', long)).routeAhead ?? [];
    expect(rest).toEqual([]);
    expect(gm).toMatchObject({ nodeName: '总经理审批', signMode: 'any', chosenLater: false });
    expect(gm!.handlers).toContain('陈建国');
  });
});
