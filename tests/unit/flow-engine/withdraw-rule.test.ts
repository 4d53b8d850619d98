import { describe, expect, it } from 'vitest';
import { planApprove } from '../../../server/modules/flow/engine/move-on';
import { planReject, planWithdraw } from '../../../server/modules/flow/engine/plan-actions';
import { abilitiesFor } from '../../../server/modules/flow/engine/abilities';
import { INITIATOR, Sim, leave } from './sim';

const approve = (sim: Sim, userId: string) =>
  sim.apply(planApprove(sim.state, sim.taskOf(userId), userId, { opinion: '同意' }));

/** Issue 47 point 4: 撤回 stays possible while the request is 审批中, unless its definition says otherwise. */
describe('撤回 while 审批中', () => {
  it('by default the initiator withdraws after a handler approved, while the next node waits', () => {
    const sim = approve(new Sim(leave, { days: 5, reason: '手术' }).submit(), 'lisi');
    expect(sim.state.status).toBe('running');
    expect(abilitiesFor(sim.state, INITIATOR).withdraw).toBe(true);
    sim.apply(planWithdraw(sim.state, INITIATOR));
    expect(sim.state.status).toBe('withdrawn');
    expect(sim.pending()).toEqual({});
  });

  it('not once the request has ended, nor by anyone but the initiator', () => {
    const sim = new Sim(leave, { days: 5, reason: '手术' }).submit();
    expect(() => planWithdraw(sim.state, 'lisi')).toThrow(expect.objectContaining({ status: 403 }));
    sim.apply(planReject(sim.state, sim.taskOf('lisi'), 'lisi', '不批'));
    expect(abilitiesFor(sim.state, INITIATOR).withdraw).toBe(false);
    expect(() => planWithdraw(sim.state, INITIATOR)).toThrow(
      expect.objectContaining({ status: 409, message: '申请不在审批中，不能撤回' }),
    );
  });

  it('a definition may forbid it: never at all, or untouched only', () => {
    const never = new Sim({ ...leave, withdraw: 'never' }).submit();
    expect(abilitiesFor(never.state, INITIATOR).withdraw).toBe(false);
    expect(() => planWithdraw(never.state, INITIATOR)).toThrow(
      expect.objectContaining({ status: 409, message: '该流程不允许撤回' }),
    );
    const untouched = approve(
      new Sim({ ...leave, withdraw: 'untouched' }, { days: 5, reason: '手术' }).submit(),
      'lisi',
    );
    expect(abilitiesFor(untouched.state, INITIATOR).withdraw).toBe(false);
  });
});
