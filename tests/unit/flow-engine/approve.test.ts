import { describe, expect, it } from 'vitest';
import { planApprove, planSubmit } from '../../../server/modules/flow/engine/move-on';
import { INITIATOR, Sim, leave, purchase, seal } from './sim';

const approve = (sim: Sim, userId: string, opinion = '同意', chosen: string[] = []) =>
  sim.apply(planApprove(sim.state, sim.taskOf(userId), userId, { opinion }), chosen);

describe('submit', () => {
  it('opens the first approval node for the department head and logs the submit', () => {
    const sim = new Sim(leave).submit();
    expect(sim.state.status).toBe('running');
    expect(sim.pending()).toEqual({ dept: ['lisi'] });
    expect(sim.state.actions).toEqual(['submit']);
  });

  it('refuses an invalid form with a Chinese message and changes nothing', () => {
    const sim = new Sim(leave, { days: 2 });
    expect(() => planSubmit(sim.state, INITIATOR)).toThrow('请填写请假事由');
    expect(sim.state.status).toBe('draft');
  });

  it('lets only the initiator submit, and only once', () => {
    const sim = new Sim(leave);
    expect(() => planSubmit(sim.state, 'lisi')).toThrow(expect.objectContaining({ status: 403 }));
    sim.submit();
    expect(() => planSubmit(sim.state, INITIATOR)).toThrow(
      expect.objectContaining({ status: 409, message: '该草稿已提交' }),
    );
  });
});

describe('approve along branches', () => {
  it('ends a short leave after the head, copying it to every HR person', () => {
    const sim = approve(new Sim(leave).submit(), 'lisi');
    expect(sim.state.status).toBe('approved');
    expect(sim.pending()).toEqual({});
    expect(sim.copiedTo).toEqual(['hr1', 'hr2']);
  });

  it('sends a long leave on to the general manager, whose opinion is required', () => {
    const sim = approve(new Sim(leave, { days: 5, reason: '手术' }).submit(), 'lisi');
    expect(sim.pending()).toEqual({ gm: ['wangwu'] });
    expect(sim.copiedTo).toEqual([]);
    expect(() => planApprove(sim.state, sim.taskOf('wangwu'), 'wangwu', { opinion: '  ' })).toThrow('请填写审批意见');
    approve(sim, 'wangwu', '注意休息');
    expect(sim.state.status).toBe('approved');
    expect(sim.state.actions).toEqual(['submit', 'approve', 'approve']);
  });

  it('lets a handler change only the fields the node allows, and checks the result', () => {
    const sim = new Sim(leave).submit();
    const task = sim.taskOf('lisi');
    const effects = planApprove(sim.state, task, 'lisi', { opinion: '', formData: { note: '已电话确认', days: 30 } });
    expect(effects[0]).toEqual({ type: 'form', formData: { days: 2, reason: '家中有事', note: '已电话确认' } });
    expect(() => planApprove(sim.state, task, 'lisi', { opinion: '', formData: { note: 'x'.repeat(101) } })).toThrow(
      '备注不能超过100字',
    );
  });
});

describe('who may approve', () => {
  it('answers 403 to someone who is not the handler and 409 to a task already handled', () => {
    const sim = new Sim(leave).submit();
    const task = sim.taskOf('lisi');
    expect(() => planApprove(sim.state, task, 'wangwu', { opinion: '' })).toThrow(
      expect.objectContaining({ status: 403, message: '您不是当前处理人' }),
    );
    sim.apply(planApprove(sim.state, task, 'lisi', { opinion: '' }));
    expect(() => planApprove(sim.state, task, 'lisi', { opinion: '' })).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    expect(() => planApprove(sim.state, 'nope', 'lisi', { opinion: '' })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });
});

describe('parallel, 或签 and 会签', () => {
  it('starts both branches at once; 或签 closes on the first approval; the join waits for the other branch', () => {
    const sim = new Sim(purchase).submit();
    expect(sim.pending()).toEqual({ fin: ['f1', 'f2'], legal: ['l1'] });
    approve(sim, 'f2');
    expect(sim.pending()).toEqual({ legal: ['l1'] });
    expect(sim.state.tasks.find((t) => t.assigneeId === 'f1')!.status).toBe('cancelled');
    approve(sim, 'l1');
    expect(sim.pending()).toEqual({ boss: ['b1', 'b2'] });
  });

  it('goes on once when the branches finish in the other order', () => {
    const sim = approve(approve(new Sim(purchase).submit(), 'l1'), 'f1');
    expect(sim.pending()).toEqual({ boss: ['b1', 'b2'] });
    expect(sim.state.tasks.filter((t) => t.nodeId === 'boss')).toHaveLength(2);
  });

  it('needs every signer of a 会签 node before it ends', () => {
    const sim = approve(approve(new Sim(purchase).submit(), 'f1'), 'l1');
    approve(sim, 'b2');
    expect(sim.state.status).toBe('running');
    expect(sim.pending()).toEqual({ boss: ['b1'] });
    approve(sim, 'b1');
    expect(sim.state.status).toBe('approved');
  });

  it('plans exactly one advance for a 或签 node: the second signer, seeing the first one’s result, is refused', () => {
    const sim = new Sim(purchase).submit();
    const late = sim.taskOf('f1');
    approve(sim, 'f2');
    expect(() => planApprove(sim.state, late, 'f1', { opinion: '' })).toThrow(expect.objectContaining({ status: 409 }));
    expect(sim.state.tasks.filter((t) => t.nodeId === 'join' || t.nodeId === 'boss')).toHaveLength(0);
  });
});

describe('chosen handlers', () => {
  it('opens a chosen node for the people the previous handler picked', () => {
    const sim = approve(new Sim(seal).submit(), 'lisi', '同意', ['keeper1']);
    expect(sim.pending()).toEqual({ keeper: ['keeper1'] });
  });
});
