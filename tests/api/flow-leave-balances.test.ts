import { describe, expect, it } from 'vitest';
import type { LeaveBalance, PersonLeaveBalances } from '../../contract/leave-balance';
import { defId, flowClient, forms, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** 假期余额: set by administrators, checked at 提交 (less what is still 审批中), used when the 请假 is approved. */
describe.each(drivers)('leave balances on %s', (driver) => {
  const ctx = useServer(driver);
  const { start, taskOf, actOk, list } = flowClient(ctx);
  const setBalance = async (user: string, leaveType: string, days: unknown, as = 'admin') =>
    (await ctx.as(as)).put('/api/flow/leave-balances', { userId: userId(user), leaveType, days });
  const mine = async (user: string) =>
    (await (await ctx.as(user)).get<LeaveBalance[]>('/api/flow/leave-balances/mine')).body.data;
  const annual = async (user: string) => (await mine(user)).find((b) => b.leaveType === '3');
  const submit = async (user: string, days: number, extra: Record<string, unknown> = {}) =>
    (await ctx.as(user)).post<{ id: string }>('/api/flow/instances', {
      definitionId: defId('leave'),
      formData: { ...forms.leave(days), ...extra },
      ...extra,
    });

  it('a 请假 beyond what is left is refused with the numbers; approval uses the days', async () => {
    const set = await setBalance('zhoujie', '3', 5);
    expect(set.status, set.body.msg).toBe(200);
    expect(await annual('zhoujie')).toEqual({
      leaveType: '3',
      leaveTypeName: '年假',
      days: 5,
      pendingDays: 0,
      available: 5,
    });
    const first = await start('zhoujie', 'leave', forms.leave(3));
    expect(await annual('zhoujie')).toMatchObject({ days: 5, pendingDays: 3, available: 2 });

    const before = (await list('zhoujie', 'mine')).total;
    const refused = await submit('zhoujie', 3);
    expect([refused.status, refused.body.msg]).toEqual([400, '年假余额不足：可用2天（另有3天审批中），本次申请3天']);
    expect((await list('zhoujie', 'mine')).total).toBe(before);
    // a draft is not a request yet: it may be saved whatever the balance
    expect((await submit('zhoujie', 3, { draft: true })).status).toBe(200);

    await actOk('lisi', await taskOf('lisi', first), 'approve', { opinion: '同意' });
    expect(await annual('zhoujie')).toEqual({
      leaveType: '3',
      leaveTypeName: '年假',
      days: 2,
      pendingDays: 0,
      available: 2,
    });
    expect((await submit('zhoujie', 2)).status).toBe(200);
  });

  it('a leave type without a balance is not counted, and 0 days of a counted one refuses any 请假', async () => {
    expect((await submit('zhaoliu', 5, { leaveType: '1' })).status).toBe(200);
    expect((await setBalance('zhaoliu', '4', 0)).status).toBe(200);
    const refused = await submit('zhaoliu', 1, { leaveType: '4' });
    expect([refused.status, refused.body.msg]).toEqual([400, '调休余额不足：可用0天，本次申请1天']);
  });

  it('only administrators set balances, with valid days and types; everyone reads their own', async () => {
    const notAdmin = await setBalance('zhangsan', '3', 30, 'lisi');
    expect([notAdmin.status, notAdmin.body.msg]).toEqual([403, '只有管理员可以设置假期余额']);
    const peek = await (await ctx.as('lisi')).get(`/api/flow/leave-balances?userId=${userId('zhangsan')}`);
    expect(peek.status).toBe(403);
    for (const days of [-1, 1.3, 1000, '5']) {
      const bad = await setBalance('zhangsan', '3', days);
      expect([bad.status, bad.body.msg]).toEqual([400, '假期余额须为0到999之间的整数或半天']);
    }
    const unknownType = await setBalance('zhangsan', '99', 3);
    expect([unknownType.status, unknownType.body.msg]).toEqual([400, '假期类型不存在']);
    expect((await annual('zhangsan'))?.days).toBeUndefined();
    expect((await setBalance('zhangsan', '3', 7.5)).status).toBe(200);
    const seen = await (
      await ctx.as('admin')
    ).get<PersonLeaveBalances>(`/api/flow/leave-balances?userId=${userId('zhangsan')}`);
    expect(seen.body.data.balances.find((b) => b.leaveType === '3')?.days).toBe(7.5);
    expect(seen.body.data.types.map((t) => t.label)).toEqual(expect.arrayContaining(['事假', '年假', '调休']));
    expect((await annual('zhangsan'))?.days).toBe(7.5);
  });
});
