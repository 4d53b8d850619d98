import { describe, expect, it } from 'vitest';
import type { FlowAbilities } from '@contract/flow';
import {
  dealLabel,
  dealProblem,
  offeredActions,
  opinionRequired,
  type DealInput,
} from '@/features/follow/deal-actions';
import { noAbilities } from '../support/flow-fixtures';

const none: FlowAbilities = noAbilities();
const approver: FlowAbilities = {
  ...none,
  approve: true,
  reject: true,
  return: true,
  transfer: true,
  addSigner: true,
  returnTargets: [{ nodeId: 'start', nodeName: '发起申请（发起人）' }],
};
// a returned flow back with its initiator: the server allows approve only
const initiatorAtStart: FlowAbilities = { ...none, approve: true, withdraw: true, editableFields: ['reason'] };

const input = (over: Partial<DealInput>): DealInput => ({
  action: 'approve',
  opinion: '',
  targetNodeId: '',
  peopleIds: [],
  ...over,
});

describe('abilities → actions (办理)', () => {
  it('an approval node offers every action the server allows, in a fixed order', () => {
    expect(offeredActions(approver)).toEqual(['approve', 'reject', 'return', 'transfer', 'add-signer']);
    expect(offeredActions({ ...approver, transfer: false, addSigner: false })).toEqual(['approve', 'reject', 'return']);
  });

  it('退回 is not offered when there is no node to return to', () => {
    expect(offeredActions({ ...approver, returnTargets: [] })).not.toContain('return');
  });

  it('with no task nothing is offered, whatever else the initiator may do', () => {
    expect(offeredActions({ ...none, withdraw: true, urge: true })).toEqual([]);
  });

  it('back at the start node the initiator can only resubmit, and the action is called 重新提交', () => {
    expect(offeredActions(initiatorAtStart)).toEqual(['approve']);
    expect(dealLabel('approve', initiatorAtStart)).toBe('重新提交');
    expect(dealLabel('approve', approver)).toBe('同意');
    expect(dealLabel('return', approver)).toBe('退回');
  });

  it('an opinion is required for 驳回 and 退回, for 同意 only when the node says so, never for 转办/加签', () => {
    expect(opinionRequired('reject', approver)).toBe(true);
    expect(opinionRequired('return', approver)).toBe(true);
    expect(opinionRequired('approve', approver)).toBe(false);
    expect(opinionRequired('approve', { ...approver, opinionRequired: true })).toBe(true);
    expect(opinionRequired('transfer', { ...approver, opinionRequired: true })).toBe(false);
    expect(opinionRequired('add-signer', { ...approver, opinionRequired: true })).toBe(false);
  });
});

describe('what is missing before sending (办理)', () => {
  it('a plain 同意 is ready without an opinion; with a required opinion, whitespace does not count', () => {
    expect(dealProblem(input({}), approver)).toBeNull();
    expect(dealProblem(input({ opinion: '   ' }), { ...approver, opinionRequired: true })).toBe('请填写审批意见');
    expect(dealProblem(input({ opinion: '同意' }), { ...approver, opinionRequired: true })).toBeNull();
  });

  it('驳回 needs an opinion', () => {
    expect(dealProblem(input({ action: 'reject' }), approver)).toBe('请填写审批意见');
    expect(dealProblem(input({ action: 'reject', opinion: '预算不足' }), approver)).toBeNull();
  });

  it('退回 needs an opinion and one of the offered nodes', () => {
    expect(dealProblem(input({ action: 'return', opinion: '补充材料' }), approver)).toBe('请选择退回节点');
    expect(dealProblem(input({ action: 'return', opinion: '补充材料', targetNodeId: 'gm' }), approver)).toBe(
      '请选择退回节点',
    );
    expect(dealProblem(input({ action: 'return', opinion: '补充材料', targetNodeId: 'start' }), approver)).toBeNull();
  });

  it('转办 needs exactly one person, 加签 at least one', () => {
    expect(dealProblem(input({ action: 'transfer' }), approver)).toBe('请选择转办人');
    expect(dealProblem(input({ action: 'transfer', peopleIds: ['u1'] }), approver)).toBeNull();
    expect(dealProblem(input({ action: 'add-signer' }), approver)).toBe('请选择加签人员');
    expect(dealProblem(input({ action: 'add-signer', peopleIds: ['u1', 'u2'] }), approver)).toBeNull();
  });

  it('an action the abilities do not allow is refused before it reaches the server', () => {
    expect(dealProblem(input({ action: 'reject', opinion: '不行' }), initiatorAtStart)).toBe('当前节点不允许该操作');
    expect(dealProblem(input({ action: 'transfer', peopleIds: ['u1'] }), { ...approver, transfer: false })).toBe(
      '当前节点不允许该操作',
    );
  });
});
