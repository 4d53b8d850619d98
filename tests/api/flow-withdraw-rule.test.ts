import { describe, expect, it } from 'vitest';
import { flowClient, forms, oneNodeDefinition, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** Issue 47 point 4: 撤回 while the request is 审批中, unless its definition allows less (graph.withdraw). */
describe.each(drivers)('撤回 while 审批中 on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, detail, start, taskOf, actOk, list } = flowClient(ctx);
  const withdraw = async (id: string, user = 'zhangsan') => {
    const answer = await (await as(user)).post(`/api/flow/instances/${id}/withdraw`, {});
    return [answer.status, answer.body.msg];
  };
  /** saves a two-approval process (李四, then 王五) with the rule, answers its id */
  const define = async (code: string, withdrawRule?: unknown) => {
    const body = oneNodeDefinition(`${code}-${driver}`, '用车', [userId('lisi')]);
    const [first, , end] = body.graph.nodes;
    const second = {
      id: 'again',
      type: 'approval',
      name: '复核',
      assignee: { type: 'users', userIds: [userId('wangwu')] },
    };
    const graph = {
      nodes: [first, { ...body.graph.nodes[1], next: 'again' }, { ...second, next: 'end' }, end],
      ...(withdrawRule === undefined ? {} : { withdraw: withdrawRule }),
    };
    return (await as('admin')).post<{ id: string }>('/api/flow/definitions', { ...body, graph });
  };
  const startOn = async (definitionId: string) => {
    const answer = await (
      await as('zhangsan')
    ).post<{ id: string }>('/api/flow/instances', { definitionId, formData: { note: '去机场' } });
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data.id;
  };
  const todo = async (user: string, id: string) => (await list(user, 'todo')).rows.some((r) => r.instanceId === id);

  it('by default after a handler approved: the applicant sees 撤回, withdraws, and only once', async () => {
    const id = await start('zhangsan', 'leave', forms.leave(5));
    await actOk('lisi', await taskOf('lisi', id), 'approve', { opinion: '同意' });
    const running = await detail('zhangsan', id);
    expect([running.status, running.abilities.withdraw]).toEqual(['running', true]);
    expect(await withdraw(id, 'lisi')).toEqual([403, '只有发起人可以撤回']);
    expect(await withdraw(id)).toEqual([200, '已撤回']);
    const after = await detail('zhangsan', id);
    expect([after.status, after.abilities.withdraw]).toEqual(['withdrawn', false]);
    expect(after.trace.at(-1)?.action).toBe('withdraw');
    expect(await withdraw(id)).toEqual([409, '申请不在审批中，不能撤回']);
  });

  it('a definition may allow it only until a handler acts, or never', async () => {
    const untouched = await define('car-untouched', 'untouched');
    expect(untouched.status, untouched.body.msg).toBe(200);
    const early = await startOn(untouched.body.data.id);
    expect(await withdraw(early)).toEqual([200, '已撤回']);
    const late = await startOn(untouched.body.data.id);
    await actOk('lisi', await taskOf('lisi', late), 'approve', { opinion: '同意' });
    expect((await detail('zhangsan', late)).abilities.withdraw).toBe(false);
    expect(await withdraw(late)).toEqual([409, '已有人处理，不能撤回']);
    expect(await todo('wangwu', late)).toBe(true);

    const never = await define('car-never', 'never');
    const fixed = await startOn(never.body.data.id);
    expect((await detail('zhangsan', fixed)).abilities.withdraw).toBe(false);
    expect(await withdraw(fixed)).toEqual([409, '该流程不允许撤回']);
    expect(await todo('lisi', fixed)).toBe(true);
  });

  it('an unknown rule is refused with a Chinese message, not stored', async () => {
    const bad = await define('car-bad', 'sometimes');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('撤回规则不正确');
  });
});
