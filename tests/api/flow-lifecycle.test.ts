import { describe, expect, it } from 'vitest';
import { flowClient, forms } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** Start → approve / branch / reject / return / resubmit, driven only through HTTP, on both drivers. */
describe.each(drivers)('flow lifecycle on %s', (driver) => {
  const ctx = useServer(driver);
  const start = async (user: string, code: string, formData: Record<string, unknown>) => {
    const id = await startAny(user, code, formData);
    expect((await detail(user, id)).status).toBe('running');
    return id;
  };
  const { as, detail, taskOf, act, list, counts, actions, start: startAny } = flowClient(ctx);

  it('starts a 请假 into lisi’s 待办 and the counts follow', async () => {
    const before = await counts('lisi');
    const id = await start('zhangsan', 'leave', forms.leave(2));
    const todo = await list('lisi', 'todo');
    const row = todo.rows.find((r) => r.instanceId === id);
    expect(row).toMatchObject({
      title: '张三的请假',
      definitionName: '请假',
      category: '人事',
      initiatorName: '张三',
      nodeName: '部门负责人审批',
      status: 'running',
    });
    expect((await counts('lisi')).todo).toBe(before.todo + 1);
    expect((await list('zhangsan', 'mine')).rows.some((r) => r.instanceId === id)).toBe(true);
    const d = await detail('zhangsan', id);
    expect(d).toMatchObject({ status: 'running', currentNodeNames: ['部门负责人审批'], myTaskId: null });
    expect(d.currentHandlers).toEqual(['李四']);
    expect(actions(d)).toEqual(['submit']);
  });

  it('approves a short leave to 已通过 and copies it to the hr specialists (待阅)', async () => {
    const id = await start('zhangsan', 'leave', forms.leave(2));
    const beforeHuangmin = await counts('huangmin');
    const answer = await act('lisi', await taskOf('lisi', id), 'approve', { opinion: '同意' });
    expect(answer.status, answer.body.msg).toBe(200);
    const d = await detail('zhangsan', id);
    expect(d.status).toBe('approved');
    expect(actions(d)).toEqual(expect.arrayContaining(['submit', 'approve']));
    for (const hr of ['huangmin', 'xuli']) {
      const unread = await list(hr, 'unread');
      expect(
        unread.rows.some((r) => r.instanceId === id),
        hr,
      ).toBe(true);
    }
    expect((await counts('huangmin')).unread).toBe(beforeHuangmin.unread + 1);
    expect((await list('hejing', 'unread')).rows.some((r) => r.instanceId === id)).toBe(false);
    expect((await list('lisi', 'todo')).rows.some((r) => r.instanceId === id)).toBe(false);
    expect((await list('lisi', 'history')).rows.some((r) => r.instanceId === id)).toBe(true);
  });

  it('reading a 待阅 moves it to 已阅', async () => {
    const id = await start('zhangsan', 'leave', forms.leave(1));
    await act('lisi', await taskOf('lisi', id), 'approve', { opinion: '同意' });
    const item = (await list('xuli', 'unread')).rows.find((r) => r.instanceId === id)!;
    const read = await (await as('xuli')).post(`/api/flow/reads/${item.id}/read`);
    expect(read.status, read.body.msg).toBe(200);
    expect((await list('xuli', 'unread')).rows.some((r) => r.instanceId === id)).toBe(false);
    expect((await list('xuli', 'read')).rows.some((r) => r.instanceId === id)).toBe(true);
    // someone else's item is as missing as an unknown one
    const other = await (await as('huangmin')).post(`/api/flow/reads/${item.id}/read`);
    expect([other.status, other.body.msg]).toEqual([404, '待阅不存在']);
  });

  it('sends a 5-day leave to 总经理审批 after lisi, then on to the hr copy', async () => {
    const id = await start('zhangsan', 'leave', forms.leave(5));
    await act('lisi', await taskOf('lisi', id), 'approve', { opinion: '同意' });
    let d = await detail('zhangsan', id);
    expect(d.status).toBe('running');
    expect(d.currentNodeNames).toEqual(['总经理审批']);
    expect(d.currentHandlers).toContain('陈建国');
    expect((await list('huangmin', 'unread')).rows.some((r) => r.instanceId === id)).toBe(false);
    // the gm node wants an opinion
    const gmTask = await taskOf('chenjianguo', id);
    const bare = await act('chenjianguo', gmTask, 'approve', {});
    expect([bare.status, bare.body.msg]).toEqual([400, '请填写审批意见']);
    expect((await act('chenjianguo', gmTask, 'approve', { opinion: '同意休假' })).status).toBe(200);
    d = await detail('zhangsan', id);
    expect(d.status).toBe('approved');
    // 或签: the other leaders' tasks close with a trace step of their own (因他人已处理而关闭)
    const [decided, ...others] = actions(d, '总经理审批');
    expect(decided).toBe('approve');
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((a) => a === 'closed')).toBe(true);
    expect((await list('huangmin', 'unread')).rows.some((r) => r.instanceId === id)).toBe(true);
  });

  it('reject ends the instance 已驳回 and needs an opinion', async () => {
    const id = await start('zhangsan', 'leave', forms.leave(2));
    const task = await taskOf('lisi', id);
    const bare = await act('lisi', task, 'reject', {});
    expect([bare.status, bare.body.msg]).toEqual([400, '请填写审批意见']);
    const blank = await act('lisi', task, 'reject', { opinion: '   ' });
    expect([blank.status, blank.body.msg]).toEqual([400, '请填写审批意见']);
    expect((await detail('zhangsan', id)).status).toBe('running');
    const answer = await act('lisi', task, 'reject', { opinion: '时间冲突，不予批准' });
    expect(answer.status, answer.body.msg).toBe(200);
    const d = await detail('zhangsan', id);
    expect(d).toMatchObject({ status: 'rejected', currentNodeNames: [] });
    expect(actions(d)).toEqual(['submit', 'reject']);
    expect((await list('lisi', 'todo')).rows.some((r) => r.instanceId === id)).toBe(false);
    const again = await act('lisi', task, 'approve', { opinion: '改主意了' });
    expect(again.status).toBe(409);
  });
});
