import { describe, expect, it } from 'vitest';
import { planApprove } from '../../../server/modules/flow/engine/move-on';
import { planAddSigners, planRemoveSigner } from '../../../server/modules/flow/engine/cosign';
import {
  planReject,
  planReturn,
  planTransfer,
  planWithdraw,
  urgeTargets,
} from '../../../server/modules/flow/engine/plan-actions';
import { withdrawOpen } from '../../../server/modules/flow/policy';
import { INITIATOR, Sim, leave, purchase, seal } from './sim';

const approve = (sim: Sim, userId: string, chosen: string[] = []) =>
  sim.apply(planApprove(sim.state, sim.taskOf(userId), userId, { opinion: '同意' }), chosen);
const longLeave = () => approve(new Sim(leave, { days: 5, reason: '手术' }).submit(), 'lisi');

describe('驳回', () => {
  it('ends the instance rejected and closes every open task, with an opinion', () => {
    const sim = new Sim(purchase).submit();
    expect(() => planReject(sim.state, sim.taskOf('l1'), 'l1', '')).toThrow('请填写审批意见');
    sim.apply(planReject(sim.state, sim.taskOf('l1'), 'l1', '预算不足'));
    expect(sim.state.status).toBe('rejected');
    expect(sim.pending()).toEqual({});
  });

  it('is refused to anyone but the handler', () => {
    const sim = new Sim(leave).submit();
    expect(() => planReject(sim.state, sim.taskOf('lisi'), INITIATOR, '不行')).toThrow(
      expect.objectContaining({ status: 403 }),
    );
  });
});

describe('退回', () => {
  it('returns to the initiator (我的退回), who resubmits to the same node', () => {
    const sim = new Sim(leave).submit();
    sim.apply(planReturn(sim.state, sim.taskOf('lisi'), 'lisi', { opinion: '请补充说明', targetNodeId: 'start' }));
    expect(sim.state.status).toBe('returned');
    expect(sim.pending()).toEqual({ start: [INITIATOR] });
    // a returned application may only be resubmitted (or withdrawn), not rejected by its initiator
    expect(() => planReject(sim.state, sim.taskOf(INITIATOR), INITIATOR, '算了')).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    sim.apply(
      planApprove(sim.state, sim.taskOf(INITIATOR), INITIATOR, { opinion: '', formData: { reason: '家中老人住院' } }),
    );
    expect(sim.state.status).toBe('running');
    expect(sim.state.formData.reason).toBe('家中老人住院');
    expect(sim.pending()).toEqual({ dept: ['lisi'] });
    expect(sim.state.actions).toEqual(['submit', 'return', 'resubmit']);
  });

  it('returns to an earlier approval node, to the person who approved there', () => {
    const sim = longLeave();
    sim.apply(planReturn(sim.state, sim.taskOf('wangwu'), 'wangwu', { opinion: '请部门再核实', targetNodeId: 'dept' }));
    expect(sim.state.status).toBe('running');
    expect(sim.pending()).toEqual({ dept: ['lisi'] });
    approve(sim, 'lisi');
    expect(sim.pending()).toEqual({ gm: ['wangwu'] });
  });

  it('returns a chosen node to the person chosen before, without asking again', () => {
    const sim = approve(new Sim(seal).submit(), 'lisi', ['keeper1']);
    approve(sim, 'keeper1');
    expect(sim.state.status).toBe('approved');
    const again = approve(new Sim(seal).submit(), 'lisi', ['keeper1']);
    again.apply(
      planReturn(again.state, again.taskOf('keeper1'), 'keeper1', { opinion: '盖章材料不全', targetNodeId: 'dept' }),
    );
    approve(again, 'lisi', ['keeper2']);
    expect(again.pending()).toEqual({ keeper: ['keeper2'] });
  });

  it('refuses a node not passed yet, the current node and an opinion-less return', () => {
    const sim = new Sim(leave).submit();
    const task = sim.taskOf('lisi');
    expect(() => planReturn(sim.state, task, 'lisi', { opinion: '退回', targetNodeId: 'gm' })).toThrow(
      '不能退回到该节点',
    );
    expect(() => planReturn(sim.state, task, 'lisi', { opinion: '退回', targetNodeId: 'dept' })).toThrow(
      '不能退回到该节点',
    );
    expect(() => planReturn(sim.state, task, 'lisi', { opinion: '', targetNodeId: 'start' })).toThrow('请填写审批意见');
  });

  it('closes the other parallel branch too', () => {
    const sim = new Sim(purchase).submit();
    sim.apply(planReturn(sim.state, sim.taskOf('l1'), 'l1', { opinion: '合同缺页', targetNodeId: 'start' }));
    expect(sim.pending()).toEqual({ start: [INITIATOR] });
  });
});

describe('转办 and 加签', () => {
  const zhao = { id: 'zhao', realName: '赵六' };

  it('transfers the task to another person on the same node, once', () => {
    const sim = new Sim(leave).submit();
    sim.apply(planTransfer(sim.state, sim.taskOf('lisi'), 'lisi', { opinion: '', to: zhao }));
    expect(sim.pending()).toEqual({ dept: ['zhao'] });
    expect(sim.state.tasks.find((t) => t.assigneeId === 'lisi')!.status).toBe('transferred');
    expect(() => planTransfer(sim.state, sim.taskOf('zhao'), 'zhao', { opinion: '', to: zhao })).toThrow(
      '不能转办给自己',
    );
    approve(sim, 'zhao');
    expect(sim.state.status).toBe('approved');
  });

  it('refuses a transfer to someone already handling the node', () => {
    const sim = new Sim(purchase).submit();
    expect(() =>
      planTransfer(sim.state, sim.taskOf('f1'), 'f1', { opinion: '', to: { id: 'f2', realName: '钱二' } }),
    ).toThrow(expect.objectContaining({ status: 409, message: '钱二已是当前处理人' }));
  });

  const qian = { id: 'qian', realName: '钱七' };
  const add = (sim: Sim, by: string, kind: 'before' | 'after', signMode: 'all' | 'any', users = [zhao, qian]) =>
    sim.apply(planAddSigners(sim.state, sim.taskOf(by), by, { opinion: '', users, kind, signMode }));

  it('前加签 on a 会签 node: the asker waits for the whole group, decides, and the other head still has to sign', () => {
    const sim = approve(approve(new Sim(purchase).submit(), 'f1'), 'l1');
    add(sim, 'b1', 'before', 'all', [zhao, zhao, qian]);
    expect(sim.pending()).toEqual({ boss: ['b2', 'zhao', 'qian'] });
    approve(approve(sim, 'zhao'), 'b2');
    expect(sim.pending()).toEqual({ boss: ['qian'] });
    approve(sim, 'qian');
    expect(sim.pending()).toEqual({ boss: ['b1'] });
    approve(sim, 'b1');
    expect(sim.state.status).toBe('approved');
  });

  it('前加签 或签 group on a 或签 node: one co-signer settles the group, and the node waits for the asker', () => {
    const sim = new Sim(leave).submit();
    add(sim, 'lisi', 'before', 'any');
    approve(sim, 'qian');
    expect(sim.pending()).toEqual({ dept: ['lisi'] });
    expect(sim.state.tasks.find((t) => t.assigneeId === 'zhao')!.status).toBe('cancelled');
    approve(sim, 'lisi');
    expect(sim.state.status).toBe('approved');
  });

  it('后加签: the asker has approved; the node completes when the group has', () => {
    const sim = new Sim(leave).submit();
    add(sim, 'lisi', 'after', 'all');
    approve(sim, 'zhao');
    expect(sim.state.status).toBe('running');
    approve(sim, 'qian');
    expect(sim.state.status).toBe('approved');
    expect(sim.state.tasks.find((t) => t.assigneeId === 'lisi')!.status).toBe('done');
  });

  it('a co-signer can add a group of their own; it settles before theirs does', () => {
    const sim = new Sim(leave).submit();
    add(sim, 'lisi', 'before', 'all', [zhao]);
    add(sim, 'zhao', 'after', 'any', [qian]);
    expect(sim.pending()).toEqual({ dept: ['qian'] });
    approve(sim, 'qian');
    expect(sim.pending()).toEqual({ dept: ['lisi'] });
  });

  it('a 驳回 by a co-signer ends the request and closes the waiting asker too', () => {
    const sim = new Sim(leave).submit();
    add(sim, 'lisi', 'before', 'all');
    sim.apply(planReject(sim.state, sim.taskOf('zhao'), 'zhao', '不同意'));
    expect(sim.state.status).toBe('rejected');
    expect(sim.state.tasks.filter((t) => t.status === 'pending' || t.status === 'waiting')).toEqual([]);
  });

  it('removes a co-signer who has not acted, only for the one who added them', () => {
    const sim = new Sim(leave).submit();
    add(sim, 'lisi', 'before', 'all');
    const qianTask = sim.taskOf('qian');
    expect(() => planRemoveSigner(sim.state, qianTask, 'zhao', qian)).toThrow(expect.objectContaining({ status: 403 }));
    sim.apply(planRemoveSigner(sim.state, qianTask, 'lisi', qian));
    expect(sim.pending()).toEqual({ dept: ['zhao'] });
    approve(sim, 'zhao');
    expect(() =>
      planRemoveSigner(sim.state, sim.state.tasks.find((t) => t.assigneeId === 'zhao')!.id, 'lisi', zhao),
    ).toThrow(expect.objectContaining({ status: 409 }));
    expect(sim.pending()).toEqual({ dept: ['lisi'] });
  });

  it('a transferred co-signer task stays in its group', () => {
    const sim = new Sim(leave).submit();
    add(sim, 'lisi', 'before', 'all');
    sim.apply(
      planTransfer(sim.state, sim.taskOf('qian'), 'qian', { opinion: '', to: { id: 'sun', realName: '孙琪' } }),
    );
    approve(approve(sim, 'zhao'), 'sun');
    expect(sim.pending()).toEqual({ dept: ['lisi'] });
  });

  it('refuses 加签 of people who already handle the node', () => {
    const sim = new Sim(purchase).submit();
    expect(() =>
      planAddSigners(sim.state, sim.taskOf('f1'), 'f1', {
        opinion: '',
        users: [{ id: 'f2', realName: '钱二' }],
        kind: 'before',
        signMode: 'all',
      }),
    ).toThrow('所选人员已是当前处理人');
  });
});

describe('撤回 window and 催办', () => {
  it('on a definition that allows it only untouched: until a handler acts, and again after a resubmit', () => {
    const sim = new Sim({ ...leave, withdraw: 'untouched' }, { days: 5, reason: '手术' }).submit();
    expect(withdrawOpen(sim.state)).toBe(true);
    expect(() => planWithdraw(sim.state, 'lisi')).toThrow(expect.objectContaining({ status: 403 }));
    approve(sim, 'lisi');
    expect(() => planWithdraw(sim.state, INITIATOR)).toThrow(
      expect.objectContaining({ status: 409, message: '已有人处理，不能撤回' }),
    );
    sim.apply(planReturn(sim.state, sim.taskOf('wangwu'), 'wangwu', { opinion: '补材料', targetNodeId: 'start' }));
    expect(withdrawOpen(sim.state)).toBe(false);
    sim.apply(planApprove(sim.state, sim.taskOf(INITIATOR), INITIATOR, { opinion: '' }));
    sim.apply(planWithdraw(sim.state, INITIATOR));
    expect(sim.state.status).toBe('withdrawn');
    expect(sim.pending()).toEqual({});
  });

  it('closes the window on a transfer or 加签 too, and on a draft or a finished instance', () => {
    const sim = new Sim(leave).submit();
    expect(withdrawOpen(new Sim(leave).state)).toBe(false);
    sim.apply(
      planTransfer(sim.state, sim.taskOf('lisi'), 'lisi', { opinion: '', to: { id: 'zhao', realName: '赵六' } }),
    );
    expect(withdrawOpen(sim.state)).toBe(false);
    const done = approve(new Sim(leave).submit(), 'lisi');
    expect(withdrawOpen(done.state)).toBe(false);
  });

  it('reminds the people with open work, for the initiator of a running instance only', () => {
    const sim = new Sim(purchase).submit();
    expect(urgeTargets(sim.state, INITIATOR)).toEqual(['f1', 'f2', 'l1']);
    expect(() => urgeTargets(sim.state, 'f1')).toThrow(expect.objectContaining({ status: 403 }));
    sim.apply(planReject(sim.state, sim.taskOf('f1'), 'f1', '不买了'));
    expect(() => urgeTargets(sim.state, INITIATOR)).toThrow('流程已结束，无需催办');
  });
});
