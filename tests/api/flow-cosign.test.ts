import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { flowClient, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/**
 * 加签 as the issue reported it: 李四 (部门负责人审批, 或签 node of 请假) adds 孙琪 and 周杰. 前加签: the group decides by
 * its own sign mode, then 李四 decides; 后加签: 李四's approval counts once the group has decided. The one who added a
 * co-signer may remove them before they act.
 */
describe.each(drivers)('加签 groups on %s', (driver) => {
  const ctx = useServer(driver);
  const { start, detail, taskOf, act, list, as } = flowClient(ctx);

  const leave = () =>
    start('zhangsan', 'leave', {
      leaveType: '3',
      period: ['2026-12-01', '2026-12-02'],
      days: 2,
      reason: `事由-${randomUUID().slice(0, 8)}`,
    });
  // a task waiting for its co-signers stays in 待办 marked waitingForSigners (flow-lists.test.ts): not to act on
  const inTodo = async (user: string, id: string) =>
    (await list(user, 'todo')).rows.some((r) => r.instanceId === id && !r.waitingForSigners);
  const dept = (d: Awaited<ReturnType<typeof detail>>) =>
    d.trace.filter((e) => e.nodeName === '部门负责人审批').map((e) => [e.actorName, e.action, e.opinion]);
  const cosigners = [userId('sunqi'), userId('zhoujie')];

  it('前加签 会签: 孙琪 alone does not finish the request; after both, 李四 decides, and only then it is 已通过', async () => {
    const id = await leave();
    const added = await act('lisi', await taskOf('lisi', id), 'add-signer', {
      userIds: cosigners,
      kind: 'before',
      signMode: 'all',
      opinion: '请两位先看',
    });
    expect(added.status, added.body.msg).toBe(200);
    expect(await inTodo('lisi', id)).toBe(false);
    expect((await detail('zhangsan', id)).currentHandlers.sort()).toEqual(['周杰', '孙琪'].sort());

    expect((await act('sunqi', await taskOf('sunqi', id), 'approve', { opinion: '同意' })).status).toBe(200);
    let d = await detail('zhangsan', id);
    expect(d.status).toBe('running');
    expect(d.currentHandlers).toEqual(['周杰']);
    expect(await inTodo('zhoujie', id)).toBe(true);

    expect((await act('zhoujie', await taskOf('zhoujie', id), 'approve', { opinion: '可以' })).status).toBe(200);
    d = await detail('zhangsan', id);
    expect(d.status).toBe('running');
    expect(d.currentHandlers).toEqual(['李四']);
    expect(await inTodo('lisi', id)).toBe(true);

    expect((await act('lisi', await taskOf('lisi', id), 'approve', { opinion: '准假' })).status).toBe(200);
    d = await detail('zhangsan', id);
    expect(d.status).toBe('approved');
    expect(dept(d)).toEqual([
      ['李四', 'add-signer', '请两位先看（前加签：孙琪、周杰，会签）'],
      ['孙琪', 'approve', '同意'],
      ['周杰', 'approve', '可以'],
      ['李四', 'approve', '准假'],
    ]);
  });

  it('前加签 或签: the first co-signer settles the group, the other gets 因他人已处理而关闭, then 李四 decides', async () => {
    const id = await leave();
    await act('lisi', await taskOf('lisi', id), 'add-signer', { userIds: cosigners, kind: 'before', signMode: 'any' });
    expect((await act('sunqi', await taskOf('sunqi', id), 'approve', { opinion: '同意' })).status).toBe(200);
    const d = await detail('zhangsan', id);
    expect(d.status).toBe('running');
    expect(d.currentHandlers).toEqual(['李四']);
    expect(await inTodo('zhoujie', id)).toBe(false);
    expect(dept(d).slice(1)).toEqual([
      ['孙琪', 'approve', '同意'],
      ['周杰', 'closed', '因他人已处理而关闭'],
    ]);
  });

  it('后加签 会签: 李四 approves as he adds; the request is 已通过 once both co-signers approved, without 李四 again', async () => {
    const id = await leave();
    const added = await act('lisi', await taskOf('lisi', id), 'add-signer', {
      userIds: cosigners,
      kind: 'after',
      signMode: 'all',
      opinion: '同意',
    });
    expect(added.status, added.body.msg).toBe(200);
    await act('sunqi', await taskOf('sunqi', id), 'approve', { opinion: '同意' });
    expect((await detail('zhangsan', id)).status).toBe('running');
    await act('zhoujie', await taskOf('zhoujie', id), 'approve', { opinion: '同意' });
    const d = await detail('zhangsan', id);
    expect(d.status).toBe('approved');
    expect(await inTodo('lisi', id)).toBe(false);
    expect((await list('lisi', 'history')).rows.some((r) => r.instanceId === id)).toBe(true);
  });

  it('the adder removes a co-signer who has not acted; nobody else may, and not after they acted', async () => {
    const id = await leave();
    await act('lisi', await taskOf('lisi', id), 'add-signer', { userIds: cosigners, kind: 'before', signMode: 'all' });
    const offered = (await detail('lisi', id)).abilities.removableSigners ?? [];
    expect(offered.map((s) => s.realName).sort()).toEqual(['周杰', '孙琪'].sort());
    const zhoujieTask = offered.find((s) => s.realName === '周杰')!.taskId;
    const stranger = await act('sunqi', zhoujieTask, 'remove-signer');
    expect([stranger.status, stranger.body.msg]).toEqual([403, '只有加签人可以移除加签人员']);

    const removed = await act('lisi', zhoujieTask, 'remove-signer');
    expect(removed.status, removed.body.msg).toBe(200);
    expect(await inTodo('zhoujie', id)).toBe(false);
    expect((await act('zhoujie', zhoujieTask, 'approve', { opinion: '同意' })).status).toBe(409);

    const sunqiTask = await taskOf('sunqi', id);
    await act('sunqi', sunqiTask, 'approve', { opinion: '同意' });
    const late = await act('lisi', sunqiTask, 'remove-signer');
    expect([late.status, late.body.msg]).toEqual([409, '该加签人员已处理，不能移除']);
    const d = await detail('zhangsan', id);
    expect(d.currentHandlers).toEqual(['李四']);
    expect(dept(d)).toContainEqual(['李四', 'remove-signer', '（移除加签：周杰）']);
  });

  it('removing the last co-signer of a 前加签 hands the task straight back to the asker', async () => {
    const id = await leave();
    await act('lisi', await taskOf('lisi', id), 'add-signer', { userIds: [userId('zhoujie')] });
    const [only] = (await detail('lisi', id)).abilities.removableSigners ?? [];
    expect((await act('lisi', only!.taskId, 'remove-signer')).status).toBe(200);
    expect(await inTodo('lisi', id)).toBe(true);
    expect((await detail('zhangsan', id)).currentHandlers).toEqual(['李四']);
  });

  it('refuses an unknown 加签 kind or sign mode with a Chinese 400', async () => {
    const id = await leave();
    const task = await taskOf('lisi', id);
    const kind = await act('lisi', task, 'add-signer', { userIds: cosigners, kind: 'sideways' });
    expect([kind.status, kind.body.msg]).toEqual([400, '加签方式只能是前加签或后加签']);
    const mode = await (
      await as('lisi')
    ).post(`/api/flow/tasks/${task}/add-signer`, { userIds: cosigners, signMode: 'most' });
    expect([mode.status, mode.body.msg]).toEqual([400, '会签方式只能是会签或或签']);
  });
});
