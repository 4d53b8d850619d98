import { describe, expect, it } from 'vitest';
import { abilitiesFor } from '../../../server/modules/flow/engine/abilities';
import { planApprove } from '../../../server/modules/flow/engine/move-on';
import { planReturn } from '../../../server/modules/flow/engine/plan-actions';
import { INITIATOR, Sim, leave, seal } from './sim';

describe('abilities', () => {
  it('offers the handler every action, the return targets passed so far and the editable fields', () => {
    const sim = new Sim(leave, { days: 5, reason: '手术' }).submit();
    sim.apply(planApprove(sim.state, sim.taskOf('lisi'), 'lisi', { opinion: '' }));
    const gm = abilitiesFor(sim.state, 'wangwu');
    expect(gm).toMatchObject({
      taskId: sim.taskOf('wangwu'),
      approve: true,
      reject: true,
      return: true,
      transfer: true,
      addSigner: true,
      opinionRequired: true,
      withdraw: false,
    });
    expect(gm.returnTargets).toEqual([
      { nodeId: 'start', nodeName: '发起（发起人）' },
      { nodeId: 'dept', nodeName: '部门负责人' },
    ]);
    expect(abilitiesFor(sim.state, 'lisi')).toMatchObject({ taskId: null, approve: false, reject: false });
  });

  it('gives the initiator 撤回 and 催办 while nobody acted, then only 催办 where the definition says so', () => {
    const sim = new Sim({ ...leave, withdraw: 'untouched' }, { days: 5, reason: '手术' }).submit();
    expect(abilitiesFor(sim.state, INITIATOR)).toMatchObject({ withdraw: true, urge: true, approve: false });
    sim.apply(planApprove(sim.state, sim.taskOf('lisi'), 'lisi', { opinion: '' }));
    expect(abilitiesFor(sim.state, INITIATOR)).toMatchObject({ withdraw: false, urge: true });
  });

  it('offers a returned application’s initiator only resubmit, with every field editable', () => {
    const sim = new Sim(leave).submit();
    sim.apply(planReturn(sim.state, sim.taskOf('lisi'), 'lisi', { opinion: '补充', targetNodeId: 'start' }));
    expect(abilitiesFor(sim.state, INITIATOR)).toMatchObject({
      approve: true,
      reject: false,
      return: false,
      transfer: false,
      addSigner: false,
      returnTargets: [],
      editableFields: ['days', 'reason', 'note'],
      urge: false,
    });
  });

  it('names the next node when its handlers must be chosen by this approver', () => {
    const sim = new Sim(seal).submit();
    expect(abilitiesFor(sim.state, 'lisi').nextChosenNode).toBe('印章管理员');
    expect(abilitiesFor(new Sim(leave).submit().state, 'lisi').nextChosenNode).toBeNull();
  });

  it('lets the initiator go on editing a draft', () => {
    expect(abilitiesFor(new Sim(leave).state, INITIATOR)).toMatchObject({
      editDraft: true,
      withdraw: false,
      urge: false,
    });
  });
});
