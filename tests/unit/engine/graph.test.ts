import { describe, expect, it } from 'vitest';
import type { FlowGraph, FormField } from '@contract/flow';
import { formProblem, pickFormFields } from '@contract/flow-form-rules';
import { advanceFrom, conditionHolds, nodeById, returnTargets, validateGraph } from '../../../server/modules/flow/engine/graph';
import { nodeCompletes } from '../../../server/modules/flow/engine/sign-mode';

const leave: FlowGraph = {
  nodes: [
    { id: 'start', type: 'start', name: '发起', next: 'dept' },
    { id: 'dept', type: 'approval', name: '部门', assignee: { type: 'deptHead' }, branches: [{ when: { field: 'days', op: '>', value: 3 }, next: 'gm' }], next: 'copy' },
    { id: 'gm', type: 'approval', name: '总经理', assignee: { type: 'post', post: 'general_manager' }, next: 'copy' },
    { id: 'copy', type: 'copy', name: '抄送', copyTo: { type: 'role', role: 'hr' }, next: 'end' },
    { id: 'end', type: 'end', name: '结束' },
  ],
};

describe('node graph validation', () => {
  it('accepts a well-formed graph', () => expect(() => validateGraph(leave)).not.toThrow());

  it.each([
    [{ nodes: leave.nodes.filter((n) => n.type !== 'start') }, '流程必须有且只有一个开始节点'],
    [{ nodes: leave.nodes.filter((n) => n.type !== 'end').map((n) => (n.id === 'copy' ? { ...n, next: 'start' } : n)) }, '流程缺少结束节点'],
    [{ nodes: leave.nodes.map((n) => (n.id === 'gm' ? { ...n, next: 'nowhere' } : n)) }, '节点「总经理」指向不存在的节点'],
    [{ nodes: leave.nodes.map((n) => (n.id === 'gm' ? { ...n, assignee: undefined } : n)) }, '审批节点「总经理」未设置处理人'],
    [{ nodes: [...leave.nodes.map((n) => (n.id === 'gm' ? { ...n, next: 'loop' } : n)), { id: 'loop', type: 'approval' as const, name: '循环', assignee: { type: 'deptHead' as const }, next: 'gm' }] }, '无法到达结束节点'],
  ])('refuses a broken graph (%#): %s', (graph, message) => {
    expect(() => validateGraph(graph as FlowGraph)).toThrow(message);
  });
});

describe('transitions', () => {
  it('takes a branch whose condition holds, else the default, and passes through copy nodes', () => {
    const dept = nodeById(leave, 'dept');
    expect(advanceFrom(leave, dept, { days: 5 }).stop.id).toBe('gm');
    const short = advanceFrom(leave, dept, { days: 2 });
    expect(short.stop.type).toBe('end');
    expect(short.copies.map((c) => c.id)).toEqual(['copy']);
  });

  it('compares numbers as numbers and text as text', () => {
    expect(conditionHolds({ field: 'amount', op: '>=', value: 5000 }, { amount: '5000' })).toBe(true);
    expect(conditionHolds({ field: 'amount', op: '>=', value: 5000 }, { amount: 'abc' })).toBe(false);
    expect(conditionHolds({ field: 'type', op: '==', value: 'travel' }, { type: 'travel' })).toBe(true);
    expect(conditionHolds({ field: 'type', op: '!=', value: 'travel' }, { type: 'meal' })).toBe(true);
  });

  it('offers the initiator and the approval nodes already passed as return targets, not the current one', () => {
    expect(returnTargets(leave, ['dept', 'dept', 'gm'], 'gm').map((n) => n.id)).toEqual(['start', 'dept']);
    expect(returnTargets(leave, ['dept'], 'dept').map((n) => n.id)).toEqual(['start']);
  });

  it('completes 或签 on the first approval and 会签 when nobody is left', () => {
    expect(nodeCompletes('any', 2)).toBe(true);
    expect(nodeCompletes('all', 1)).toBe(false);
    expect(nodeCompletes('all', 0)).toBe(true);
    expect(nodeCompletes(undefined, 1)).toBe(false);
  });
});

describe('parallel branches', () => {
  const purchase: FlowGraph = {
    nodes: [
      { id: 'start', type: 'start', name: '发起', next: 'split' },
      { id: 'split', type: 'parallel', name: '并行', parallel: ['a', 'b', 'c'] },
      { id: 'a', type: 'approval', name: '财务', assignee: { type: 'deptHead' }, next: 'join' },
      { id: 'b', type: 'approval', name: '信息', assignee: { type: 'deptHead' }, next: 'join' },
      { id: 'c', type: 'copy', name: '抄送', copyTo: { type: 'deptHead' }, next: 'join' },
      { id: 'join', type: 'join', name: '汇聚', next: 'end' },
      { id: 'end', type: 'end', name: '结束' },
    ],
  };

  it('starts every branch at once and stops at the join only once', () => {
    validateGraph(purchase);
    const step = advanceFrom(purchase, nodeById(purchase, 'start'), {});
    expect(step.stops.map((n) => n.id)).toEqual(['a', 'b', 'join']);
    expect(step.copies.map((n) => n.id)).toEqual(['c']);
    expect(advanceFrom(purchase, nodeById(purchase, 'a'), {}).stops.map((n) => n.id)).toEqual(['join']);
  });

  it('refuses a split with one branch and a join without a way on', () => {
    expect(() => validateGraph({ nodes: purchase.nodes.map((n) => (n.id === 'split' ? { ...n, parallel: ['a'] } : n)) })).toThrow('并行节点「并行」至少需要两个分支');
    expect(() => validateGraph({ nodes: purchase.nodes.map((n) => (n.id === 'join' ? { ...n, next: undefined } : n)) })).toThrow('汇聚节点「汇聚」没有后续节点');
  });
});

describe('form rules', () => {
  const schema: FormField[] = [
    { key: 'type', label: '类型', type: 'select', required: true, options: [{ label: '年假', value: '3' }] },
    { key: 'days', label: '天数', type: 'number', required: true, min: 0.5, max: 30 },
    { key: 'amount', label: '金额', type: 'money' },
    { key: 'on', label: '日期', type: 'date' },
    { key: 'period', label: '时间', type: 'daterange' },
    { key: 'reason', label: '事由', type: 'textarea', max: 5 },
  ];
  const ok = { type: '3', days: 2 };

  it.each([
    [{}, '请填写类型'],
    [{ type: '9', days: 1 }, '类型选项无效'],
    [{ type: '3' }, '请填写天数'],
    [{ ...ok, days: 'x' }, '天数必须是数字'],
    [{ ...ok, days: 0.1 }, '天数不能小于0.5'],
    [{ ...ok, days: 31 }, '天数不能大于30'],
    [{ ...ok, amount: 1.234 }, '金额最多两位小数'],
    [{ ...ok, on: '2026/1/1' }, '日期日期格式不正确'],
    [{ ...ok, period: ['2026-12-02', '2026-12-01'] }, '时间结束日期不能早于开始日期'],
    [{ ...ok, reason: '一二三四五六' }, '事由不能超过5字'],
  ])('%j → %s', (data, message) => expect(formProblem(schema, data)).toBe(message));

  it('reads only the data’s own properties, so fields named like built-ins work', () => {
    const odd: FormField[] = [{ key: 'constructor', label: '备注', type: 'text' }];
    expect(formProblem(odd, {})).toBeNull();
    expect(pickFormFields(odd, {})).toEqual({});
    expect(formProblem([{ ...odd[0]!, required: true }], {})).toBe('请填写备注');
  });

  it('accepts valid data and keeps only the schema’s own fields', () => {
    expect(formProblem(schema, { ...ok, amount: 12.5, on: '2026-12-01', period: ['2026-12-01', '2026-12-02'], reason: '家事' })).toBeNull();
    expect(pickFormFields(schema, { ...ok, injected: '<script>' })).toEqual(ok);
  });
});
