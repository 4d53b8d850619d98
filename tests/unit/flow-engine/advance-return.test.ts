import { describe, expect, it } from 'vitest';
import type { FlowGraph } from '../../../contract/flow';
import { advanceFrom, GraphError, nodeById, returnTargets, startNode } from '../../../server/modules/flow/engine/graph';
import { nodeCompletes } from '../../../server/modules/flow/engine/sign-mode';
import { demoDefinitions } from '../../../server/db/seed/flow-definitions';

const graphOf = (code: string): FlowGraph => demoDefinitions.find((d) => d.code === code)!.graph;
const leave = graphOf('leave');
const doc = graphOf('document');
const purchase = graphOf('purchase');
const seal = graphOf('seal');
const ids = (nodes: { id: string }[]) => nodes.map((n) => n.id);

describe('advanceFrom', () => {
  it('goes from the start to the first approval without copies', () => {
    const a = advanceFrom(leave, startNode(leave), { days: 2 });
    expect(a.stop.id).toBe('dept');
    expect(ids(a.stops)).toEqual(['dept']);
    expect(a.copies).toEqual([]);
  });

  it('passes through the copy node to the end on a short leave', () => {
    const a = advanceFrom(leave, nodeById(leave, 'dept'), { days: 2 });
    expect(a.stop.type).toBe('end');
    expect(ids(a.copies)).toEqual(['hr-copy']);
  });

  it('stops at the general manager on a long leave, without copying yet', () => {
    const a = advanceFrom(leave, nodeById(leave, 'dept'), { days: 5 });
    expect(a.stop.id).toBe('gm');
    expect(a.copies).toEqual([]);
    const after = advanceFrom(leave, nodeById(leave, 'gm'), { days: 5 });
    expect([after.stop.id, ids(after.copies)]).toEqual(['end', ['hr-copy']]);
  });

  it('passes two copy nodes in a row (传阅 then 收文分发) on the document', () => {
    const a = advanceFrom(doc, nodeById(doc, 'leaders'), {});
    expect(a.stop.id).toBe('end');
    expect(ids(a.copies)).toEqual(['circulate', 'receive']);
  });

  it('stops at an approval that follows a copy node', () => {
    const graph: FlowGraph = {
      nodes: [
        { id: 'start', type: 'start', name: '发起', next: 'c' },
        { id: 'c', type: 'copy', name: '抄送', copyTo: { type: 'role', role: 'staff' }, next: 'a' },
        { id: 'a', type: 'approval', name: '审批', assignee: { type: 'deptHead' }, next: 'end' },
        { id: 'end', type: 'end', name: '结束' },
      ],
    };
    const step = advanceFrom(graph, startNode(graph), {});
    expect([step.stop.id, ids(step.copies)]).toEqual(['a', ['c']]);
  });

  it('opens both branches of a parallel split', () => {
    const a = advanceFrom(purchase, nodeById(purchase, 'dept'), {});
    expect(ids(a.stops)).toEqual(['finance', 'it']);
    expect(a.stop.id).toBe('finance');
  });

  it('reaches the join from a branch and the sign node from the join', () => {
    expect(advanceFrom(purchase, nodeById(purchase, 'it'), {}).stop.id).toBe('join');
    expect(advanceFrom(purchase, nodeById(purchase, 'join'), {}).stop.id).toBe('sign');
  });

  it('throws on a cycle of copy nodes instead of looping for ever', () => {
    const graph: FlowGraph = {
      nodes: [
        { id: 'start', type: 'start', name: '发起', next: 'c1' },
        { id: 'c1', type: 'copy', name: '抄送1', copyTo: { type: 'role', role: 'staff' }, next: 'c2' },
        { id: 'c2', type: 'copy', name: '抄送2', copyTo: { type: 'role', role: 'staff' }, next: 'c1' },
        { id: 'end', type: 'end', name: '结束' },
      ],
    };
    expect(() => advanceFrom(graph, startNode(graph), {})).toThrow(GraphError);
  });
});

describe('returnTargets', () => {
  it('offers only the start when nothing was visited before the current node', () => {
    expect(ids(returnTargets(leave, ['dept'], 'dept'))).toEqual(['start']);
  });

  it('puts the start first, then visited approval nodes in order, never the current one', () => {
    const visited = ['start', 'dept', 'finance', 'it', 'finance', 'sign'];
    expect(ids(returnTargets(purchase, visited, 'sign'))).toEqual(['start', 'dept', 'finance', 'it']);
    expect(ids(returnTargets(purchase, ['start', 'dept', 'finance', 'it'], 'finance'))).toEqual([
      'start',
      'dept',
      'it',
    ]);
  });

  it('skips non-approval nodes and unknown ids and lists each node once', () => {
    const visited = ['start', 'dept', 'dept', 'circulate', 'ghost', 'leaders'];
    expect(ids(returnTargets(doc, visited, 'leaders'))).toEqual(['start', 'dept']);
  });

  it('does not offer nodes that were never visited (the seal 审核人 only after chosen ran)', () => {
    expect(ids(returnTargets(seal, ['chosen'], 'office'))).toEqual(['start', 'chosen']);
    expect(ids(returnTargets(seal, [], 'office'))).toEqual(['start']);
  });

  it('offers the start only once even when the start was visited again after a return', () => {
    expect(ids(returnTargets(leave, ['dept', 'start', 'dept', 'gm'], 'gm'))).toEqual(['start', 'dept']);
  });
});

describe('nodeCompletes', () => {
  it('或签 completes on the first approval whatever is left', () => {
    expect(nodeCompletes('any', 0)).toBe(true);
    expect(nodeCompletes('any', 1)).toBe(true);
    expect(nodeCompletes('any', 5)).toBe(true);
  });

  it('会签 completes only when no pending task is left', () => {
    expect(nodeCompletes('all', 2)).toBe(false);
    expect(nodeCompletes('all', 1)).toBe(false);
    expect(nodeCompletes('all', 0)).toBe(true);
  });

  it('an unset sign mode behaves like 会签', () => {
    expect(nodeCompletes(undefined, 1)).toBe(false);
    expect(nodeCompletes(undefined, 0)).toBe(true);
  });
});

describe('parallel split with a copy branch', () => {
  const split: FlowGraph = {
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

  it('starts every branch at once, copies on the way, and stops at the join only once', () => {
    const step = advanceFrom(split, startNode(split), {});
    expect(ids(step.stops)).toEqual(['a', 'b', 'join']);
    expect(ids(step.copies)).toEqual(['c']);
    expect(ids(advanceFrom(split, nodeById(split, 'a'), {}).stops)).toEqual(['join']);
  });
});
