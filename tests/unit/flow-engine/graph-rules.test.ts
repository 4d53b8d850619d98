import { describe, expect, it } from 'vitest';
import type { FlowGraph, FlowNode } from '../../../contract/flow';
import {
  conditionHolds,
  GraphError,
  nodeById,
  successor,
  validateGraph,
} from '../../../server/modules/flow/engine/graph';
import { demoDefinitions } from '../../../server/db/seed/flow-definitions';

const graphOf = (code: string): FlowGraph => demoDefinitions.find((d) => d.code === code)!.graph;
const leave = graphOf('leave');
const expense = graphOf('expense');

const simple = (...middle: FlowNode[]): FlowGraph => ({
  nodes: [
    { id: 'start', type: 'start', name: '发起', next: middle[0]?.id ?? 'end' },
    ...middle,
    { id: 'end', type: 'end', name: '结束' },
  ],
});
const approval = (id: string, next = 'end', extra: Partial<FlowNode> = {}): FlowNode => ({
  id,
  type: 'approval',
  name: `审批${id}`,
  assignee: { type: 'deptHead' },
  next,
  ...extra,
});

describe('validateGraph', () => {
  it('accepts every demo definition', () => {
    for (const def of demoDefinitions) expect(() => validateGraph(def.graph), def.code).not.toThrow();
  });

  it('accepts a minimal start → approval → end graph', () => {
    expect(() => validateGraph(simple(approval('a')))).not.toThrow();
  });

  it('refuses a graph without a start node', () => {
    const graph: FlowGraph = { nodes: [approval('a'), { id: 'end', type: 'end', name: '结束' }] };
    expect(() => validateGraph(graph)).toThrow(GraphError);
    expect(() => validateGraph(graph)).toThrow('流程必须有且只有一个开始节点');
  });

  it('refuses a graph with two start nodes', () => {
    const graph = simple(approval('a'));
    graph.nodes.push({ id: 'start2', type: 'start', name: '发起2', next: 'end' });
    expect(() => validateGraph(graph)).toThrow('流程必须有且只有一个开始节点');
  });

  it('refuses a graph without an end node', () => {
    const graph: FlowGraph = {
      nodes: [{ id: 'start', type: 'start', name: '发起', next: 'a' }, approval('a', 'start')],
    };
    expect(() => validateGraph(graph)).toThrow('流程缺少结束节点');
  });

  it('refuses duplicate node ids', () => {
    const graph = simple(approval('a'), approval('a'));
    expect(() => validateGraph(graph)).toThrow('节点ID重复');
  });

  it('refuses a next that points at an unknown node', () => {
    expect(() => validateGraph(simple(approval('a', 'nowhere')))).toThrow('节点「审批a」指向不存在的节点');
  });

  it('refuses a branch target that points at an unknown node', () => {
    const node = approval('a', 'end', { branches: [{ when: { field: 'days', op: '>', value: 3 }, next: 'ghost' }] });
    expect(() => validateGraph(simple(node))).toThrow('节点「审批a」指向不存在的节点');
  });

  it('refuses an approval node without an assignee', () => {
    const node: FlowNode = { id: 'a', type: 'approval', name: '经理审批', next: 'end' };
    expect(() => validateGraph(simple(node))).toThrow('审批节点「经理审批」未设置处理人');
  });

  it('refuses a copy node without recipients', () => {
    const node: FlowNode = { id: 'c', type: 'copy', name: '抄送', next: 'end' };
    expect(() => validateGraph(simple(node))).toThrow('抄送节点「抄送」未设置抄送人');
  });

  it('refuses a non-end node without any successor', () => {
    const node: FlowNode = { id: 'a', type: 'approval', name: '死胡同', assignee: { type: 'deptHead' } };
    expect(() => validateGraph(simple(node))).toThrow('节点「死胡同」没有后续节点');
  });

  it('refuses a node that cannot reach the end (a loop with no way out)', () => {
    const graph: FlowGraph = {
      nodes: [
        { id: 'start', type: 'start', name: '发起', next: 'a' },
        approval('a', 'b'),
        { ...approval('b', 'a'), name: '循环审批' },
        { id: 'end', type: 'end', name: '结束' },
      ],
    };
    expect(() => validateGraph(graph)).toThrow(/无法到达结束节点/);
  });

  it('accepts a loop that has a branch out to the end', () => {
    const graph: FlowGraph = {
      nodes: [
        { id: 'start', type: 'start', name: '发起', next: 'a' },
        approval('a', 'b'),
        approval('b', 'a', { branches: [{ when: { field: 'ok', op: '==', value: 'yes' }, next: 'end' }] }),
        { id: 'end', type: 'end', name: '结束' },
      ],
    };
    expect(() => validateGraph(graph)).not.toThrow();
  });

  it('refuses a parallel node with fewer than two branches and a join without next', () => {
    const split: FlowNode = { id: 'p', type: 'parallel', name: '并行', parallel: ['a'] };
    expect(() => validateGraph(simple(split, approval('a')))).toThrow('并行节点「并行」至少需要两个分支');
    const join: FlowNode = { id: 'j', type: 'join', name: '汇聚' };
    expect(() => validateGraph(simple(approval('a', 'j'), join))).toThrow('汇聚节点「汇聚」没有后续节点');
  });
});

describe('conditionHolds and successor (branches)', () => {
  const dept = nodeById(leave, 'dept');

  it('sends a leave of more than 3 days to the general manager', () => {
    expect(successor(leave, dept, { days: 5 }).id).toBe('gm');
    expect(successor(leave, dept, { days: 3.5 }).id).toBe('gm');
    expect(successor(leave, dept, { days: '4' }).id).toBe('gm');
  });

  it('takes the default next for 3 days or fewer, or a non-numeric value', () => {
    expect(successor(leave, dept, { days: 3 }).id).toBe('hr-copy');
    expect(successor(leave, dept, { days: 1 }).id).toBe('hr-copy');
    expect(successor(leave, dept, { days: 'abc' }).id).toBe('hr-copy');
    expect(successor(leave, dept, {}).id).toBe('hr-copy');
  });

  it('uses >= on the expense amount', () => {
    const finance = nodeById(expense, 'finance');
    expect(successor(expense, finance, { amount: 5000 }).id).toBe('gm');
    expect(successor(expense, finance, { amount: 4999.99 }).id).toBe('end');
  });

  it('compares strings for equality when the condition value is a string', () => {
    expect(conditionHolds({ field: 'type', op: '==', value: 'travel' }, { type: 'travel' })).toBe(true);
    expect(conditionHolds({ field: 'type', op: '==', value: 'travel' }, { type: 'meal' })).toBe(false);
    expect(conditionHolds({ field: 'type', op: '!=', value: 'travel' }, { type: 'meal' })).toBe(true);
    expect(conditionHolds({ field: 'type', op: '==', value: '' }, {})).toBe(true);
    // a numeric form value against a string condition compares as text
    expect(conditionHolds({ field: 'level', op: '==', value: '2' }, { level: 2 })).toBe(true);
  });

  it('covers every numeric operator', () => {
    const at = (op: '>' | '>=' | '<' | '<=' | '==' | '!=', v: number) =>
      conditionHolds({ field: 'n', op, value: 10 }, { n: v });
    expect([
      at('>', 11),
      at('>', 10),
      at('>=', 10),
      at('<', 9),
      at('<', 10),
      at('<=', 10),
      at('==', 10),
      at('!=', 10),
    ]).toEqual([true, false, true, true, false, true, true, false]);
  });

  it('picks the first branch that holds', () => {
    const node = approval('a', 'end', {
      branches: [
        { when: { field: 'n', op: '>', value: 100 }, next: 'big' },
        { when: { field: 'n', op: '>', value: 10 }, next: 'mid' },
      ],
    });
    const graph = simple(node, approval('big'), approval('mid'));
    expect(successor(graph, node, { n: 500 }).id).toBe('big');
    expect(successor(graph, node, { n: 50 }).id).toBe('mid');
    expect(successor(graph, node, { n: 5 }).id).toBe('end');
  });
});
