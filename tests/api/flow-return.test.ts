import { describe, expect, it } from 'vitest';
import { flowClient, forms } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** 退回 to the initiator or an earlier node, 重新提交, and the seeded demo state the lists start from. */
describe.each(drivers)('flow return and resubmit on %s', (driver) => {
  const ctx = useServer(driver);
  const { start, detail, taskOf, act, list, counts } = flowClient(ctx);

  it('has the seeded demo state in the lists', async () => {
    const back = await list('zhangsan', 'back');
    expect(back.rows.some((r) => r.definitionName === '用印' && r.status === 'returned')).toBe(true);
    expect(
      (await list('lisi', 'todo')).rows.some((r) => r.definitionName === '请假' && r.initiatorName === '张三'),
    ).toBe(true);
    expect(
      (await list('yangfan', 'todo')).rows.some((r) => r.definitionName === '报销' && r.nodeName === '财务审核'),
    ).toBe(true);
    expect(
      (await list('wuhao', 'todo')).rows.some((r) => r.definitionName === '采购' && r.initiatorName === '李四'),
    ).toBe(true);
    expect((await list('zhangsan', 'unread')).rows.some((r) => r.definitionName === '发文')).toBe(true);
    expect((await list('yangfan', 'receive')).rows.some((r) => r.definitionName === '发文')).toBe(true);
  });

  it('returns to the start: zhangsan’s 我的退回, then 重新提交 via approve on the start task', async () => {
    const id = await start('zhangsan', 'leave', forms.leave(2));
    const lisiTask = await taskOf('lisi', id);
    const targets = (await detail('lisi', id)).abilities.returnTargets;
    expect(targets.map((t) => t.nodeId)).toEqual(['start']);
    const bare = await act('lisi', lisiTask, 'return', { targetNodeId: 'start' });
    expect([bare.status, bare.body.msg]).toEqual([400, '请填写审批意见']);
    const backBefore = (await counts('zhangsan')).back;
    const todoBefore = (await counts('zhangsan')).todo;
    const answer = await act('lisi', lisiTask, 'return', { opinion: '天数写错了', targetNodeId: 'start' });
    expect(answer.status, answer.body.msg).toBe(200);
    expect((await detail('zhangsan', id)).status).toBe('returned');
    const row = (await list('zhangsan', 'back')).rows.find((r) => r.instanceId === id);
    expect(row).toBeDefined();
    expect((await counts('zhangsan')).back).toBe(backBefore + 1);
    // the start task lives in 我的退回, not in 待办
    expect((await counts('zhangsan')).todo).toBe(todoBefore);
    expect((await list('zhangsan', 'todo')).rows.some((r) => r.instanceId === id)).toBe(false);
    expect((await list('lisi', 'todo')).rows.some((r) => r.instanceId === id)).toBe(false);
    // the back row opens the start task; approving it resubmits, with a corrected form
    const startTask = await taskOf('zhangsan', id);
    expect(row!.id).toBe(startTask);
    const badForm = await act('zhangsan', startTask, 'approve', { formData: { days: 0 } });
    expect([badForm.status, badForm.body.msg]).toEqual([400, '请假天数不能小于0.5']);
    const resubmit = await act('zhangsan', startTask, 'approve', { formData: { days: 1 } });
    expect(resubmit.status, resubmit.body.msg).toBe(200);
    const d = await detail('zhangsan', id);
    expect(d).toMatchObject({ status: 'running', currentNodeNames: ['部门负责人审批'] });
    expect(d.formData.days).toBe(1);
    expect(d.trace.map((e) => e.action)).toEqual(['submit', 'return', 'resubmit']);
    expect((await list('zhangsan', 'back')).rows.some((r) => r.instanceId === id)).toBe(false);
    expect((await act('lisi', await taskOf('lisi', id), 'approve', { opinion: '同意' })).status).toBe(200);
    expect((await detail('zhangsan', id)).status).toBe('approved');
  });

  it('returns from 财务审核 to the earlier 部门负责人审批, whose handler gets it again', async () => {
    const id = await start('zhangsan', 'expense', forms.expense(300));
    expect((await act('lisi', await taskOf('lisi', id), 'approve', { opinion: '同意' })).status).toBe(200);
    const yangfanTask = await taskOf('yangfan', id);
    const targets = (await detail('yangfan', id)).abilities.returnTargets;
    expect(targets.map((t) => t.nodeId)).toEqual(['start', 'dept']);
    const unknown = await act('yangfan', yangfanTask, 'return', { opinion: '退回', targetNodeId: 'gm' });
    expect([unknown.status, unknown.body.msg]).toEqual([400, '不能退回到该节点']);
    const noTarget = await act('yangfan', yangfanTask, 'return', { opinion: '退回', targetNodeId: '' });
    expect([noTarget.status, noTarget.body.msg]).toEqual([400, '请选择退回节点']);
    const answer = await act('yangfan', yangfanTask, 'return', { opinion: '请部门再确认', targetNodeId: 'dept' });
    expect(answer.status, answer.body.msg).toBe(200);
    const d = await detail('zhangsan', id);
    expect(d).toMatchObject({ status: 'running', currentNodeNames: ['部门负责人审批'], currentHandlers: ['李四'] });
    expect((await list('yangfan', 'todo')).rows.some((r) => r.instanceId === id)).toBe(false);
    expect((await list('zhangsan', 'back')).rows.some((r) => r.instanceId === id)).toBe(false);
    // lisi approves again and it comes back to finance
    expect((await act('lisi', await taskOf('lisi', id), 'approve', { opinion: '已确认' })).status).toBe(200);
    expect((await detail('zhangsan', id)).currentNodeNames).toEqual(['财务审核']);
    const fin = await taskOf('yangfan', id);
    expect((await act('yangfan', fin, 'approve', { opinion: '核对无误' })).status).toBe(200);
    expect((await detail('zhangsan', id)).status).toBe('approved');
  });

  it('lets finance change only its editable amount, branching to the gm on ≥ 5000', async () => {
    const id = await start('zhangsan', 'expense', forms.expense(300));
    await act('lisi', await taskOf('lisi', id), 'approve', { opinion: '同意' });
    const fin = await taskOf('yangfan', id);
    const bad = await act('yangfan', fin, 'approve', { opinion: '改', formData: { amount: 1.234 } });
    expect([bad.status, bad.body.msg]).toEqual([400, '报销金额最多两位小数']);
    const ok = await act('yangfan', fin, 'approve', {
      opinion: '金额按票据更正',
      formData: { amount: 6000, description: '被改掉了' },
    });
    expect(ok.status, ok.body.msg).toBe(200);
    const d = await detail('zhangsan', id);
    expect(d.formData.amount).toBe(6000);
    expect(String(d.formData.description)).toMatch(/^差旅-/);
    expect(d.currentNodeNames).toEqual(['总经理审批']);
  });
});
