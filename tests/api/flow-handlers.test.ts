import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { InstanceDetail } from '../../contract/flow';
import { flowClient, forms, userId } from '../factories/flow-client';
import { drivers, useServer } from './support/server';

/** 转办, 加签, 撤回, 催办 and who may do them. */
describe.each(drivers)('flow handler actions on %s', (driver) => {
  const ctx = useServer(driver);
  const { as, start, detail, taskOf, act, list } = flowClient(ctx);

  const has = async (user: string, kind: string, id: string) =>
    (await list(user, kind)).rows.some((r) => r.instanceId === id);
  const leave = () => start('zhangsan', 'leave', forms.leave());
  const expense = () => start('zhangsan', 'expense', forms.expense(88));

  it('transfers lisi’s task to zhaoliu: zhaoliu’s 待办, lisi’s 已转办, and zhaoliu can finish it', async () => {
    const id = await leave();
    const task = await taskOf('lisi', id);
    const self = await act('lisi', task, 'transfer', { toUserId: userId('lisi') });
    expect([self.status, self.body.msg]).toEqual([400, '不能转办给自己']);
    const badId = await act('lisi', task, 'transfer', { toUserId: 'zhaoliu' });
    expect(badId.status).toBe(400);
    const nobody = await act('lisi', task, 'transfer', { toUserId: randomUUID() });
    expect([nobody.status, nobody.body.msg]).toEqual([400, '所选人员不存在或已停用']);
    const answer = await act('lisi', task, 'transfer', { toUserId: userId('zhaoliu'), opinion: '请代为处理' });
    expect(answer.status, answer.body.msg).toBe(200);
    expect(await has('zhaoliu', 'todo', id)).toBe(true);
    expect(await has('lisi', 'todo', id)).toBe(false);
    expect(await has('lisi', 'transfer', id)).toBe(true);
    const d = await detail('zhangsan', id);
    expect(d.currentHandlers).toEqual(['赵六']);
    expect(d.trace.map((e) => e.action)).toEqual(['submit', 'transfer']);
    expect(d.trace[1]!.opinion).toContain('转办给赵六');
    // the old task is gone for lisi
    expect((await act('lisi', task, 'approve', { opinion: '同意' })).status).toBe(409);
    expect((await act('zhaoliu', await taskOf('zhaoliu', id), 'approve', { opinion: '同意' })).status).toBe(200);
    expect((await detail('zhangsan', id)).status).toBe('approved');
  });

  it('后加签 on a 会签 node: lisi has approved, the node waits for the added signer, then moves on', async () => {
    const id = await expense();
    const task = await taskOf('lisi', id);
    const already = await act('lisi', task, 'add-signer', { userIds: [userId('lisi')] });
    expect([already.status, already.body.msg]).toEqual([400, '所选人员已是当前处理人']);
    const empty = await act('lisi', task, 'add-signer', { userIds: [] });
    expect([empty.status, empty.body.msg]).toEqual([400, '请选择加签人员']);
    const answer = await act('lisi', task, 'add-signer', {
      userIds: [userId('zhaoliu')],
      kind: 'after',
      opinion: '请赵六一起看',
    });
    expect(answer.status, answer.body.msg).toBe(200);
    expect(await has('zhaoliu', 'todo', id)).toBe(true);
    expect(await has('lisi', 'todo', id)).toBe(false);
    // lisi's approval stands (the added signer decides after): it is in lisi's 已办
    expect(await has('lisi', 'history', id)).toBe(true);
    let d = await detail('zhangsan', id);
    expect(d.currentNodeNames).toEqual(['部门负责人审批']);
    expect(d.currentHandlers).toEqual(['赵六']);
    expect((await act('lisi', task, 'approve', { opinion: '同意' })).status).toBe(409);
    expect((await act('zhaoliu', await taskOf('zhaoliu', id), 'approve', { opinion: '同意' })).status).toBe(200);
    d = await detail('zhangsan', id);
    expect(d.currentNodeNames).toEqual(['财务审核']);
    expect(d.trace.filter((e) => e.nodeName === '部门负责人审批').map((e) => e.action)).toEqual([
      'add-signer',
      'approve',
    ]);
  });

  it('withdraw is allowed before anyone acts and after, while 审批中', async () => {
    const early = await leave();
    const first = await (await as('zhangsan')).post(`/api/flow/instances/${early}/withdraw`);
    expect(first.status, first.body.msg).toBe(200);
    expect((await detail('zhangsan', early)).status).toBe('withdrawn');
    expect(await has('lisi', 'todo', early)).toBe(false);
    const twice = await (await as('zhangsan')).post(`/api/flow/instances/${early}/withdraw`);
    expect(twice.status).toBe(409);

    const late = await expense();
    expect((await (await as('lisi')).post(`/api/flow/instances/${late}/withdraw`)).status).toBe(403);
    await act('lisi', await taskOf('lisi', late), 'approve', { opinion: '同意' });
    expect(await has('yangfan', 'todo', late)).toBe(true);
    const later = await (await as('zhangsan')).post(`/api/flow/instances/${late}/withdraw`);
    expect(later.status, later.body.msg).toBe(200);
    expect((await detail('zhangsan', late)).status).toBe('withdrawn');
    expect(await has('yangfan', 'todo', late)).toBe(false);
  });

  it('urge records a 催办 message in the handler’s inbox', async () => {
    const id = await leave();
    const noChannel = await (await as('zhangsan')).post(`/api/flow/instances/${id}/urge`, { channels: [] });
    expect([noChannel.status, noChannel.body.msg]).toEqual([400, '请选择提醒方式']);
    expect((await (await as('lisi')).post(`/api/flow/instances/${id}/urge`, { channels: ['app'] })).status).toBe(403);
    const answer = await (
      await as('zhangsan')
    ).post(`/api/flow/instances/${id}/urge`, { channels: ['app'], opinion: '请尽快审批' });
    expect(answer.status, answer.body.msg).toBe(200);
    const inbox = (
      await (await as('lisi')).get<{ rows: { title: string; content: string }[] }>('/api/message/inbox?pageSize=100')
    ).body.data;
    expect(inbox.rows.some((m) => m.title === '催办：张三的请假' && m.content === '请尽快审批')).toBe(true);
    expect((await detail('zhangsan', id)).trace.map((e) => e.action)).toEqual(['submit', 'urge']);
    // after the end there is nobody to urge
    await act('lisi', await taskOf('lisi', id), 'approve', { opinion: '同意' });
    expect((await (await as('zhangsan')).post(`/api/flow/instances/${id}/urge`, { channels: ['app'] })).status).toBe(
      409,
    );
  });

  it('403 您不是当前处理人 for another handler, 404 for an outsider on task and detail; admin sees it', async () => {
    const id = await leave();
    const task = await taskOf('lisi', id);
    for (const action of ['approve', 'reject', 'return', 'transfer', 'add-signer']) {
      const body = {
        opinion: '越权',
        targetNodeId: 'start',
        toUserId: userId('zhaoliu'),
        userIds: [userId('zhaoliu')],
      };
      const answer = await act('zhaoliu', task, action, body);
      expect([action, answer.status, answer.body.msg]).toEqual([action, 404, '待办不存在']);
      // the initiator sees the instance, so hears why the task is not theirs
      const initiator = await act('zhangsan', task, action, body);
      expect([action, initiator.status, initiator.body.msg]).toEqual([action, 403, '您不是当前处理人']);
    }
    const outsider = await (await as('wangwu')).get(`/api/flow/instances/${id}`);
    expect([outsider.status, outsider.body.msg]).toEqual([404, '流程不存在']);
    const admin = await (await as('admin')).get<InstanceDetail>(`/api/flow/instances/${id}`);
    expect([admin.status, admin.body.data.id]).toEqual([200, id]);
    expect(admin.body.data.myTaskId).toBeNull();
    // a handler of the instance may see it, and the initiator
    expect((await (await as('lisi')).get(`/api/flow/instances/${id}`)).status).toBe(200);
    expect((await detail('zhangsan', id)).status).toBe('running');
  });
});
