import type { Condition, FlowGraph, FlowNode } from '@contract/flow';

/** A definition error found when a graph is saved: the message is shown to the administrator as it is. */
export class GraphError extends Error {}

/** Every node a node can lead to. */
export function targetsOf(node: FlowNode): string[] {
  return [node.next, ...(node.branches ?? []).map((b) => b.next), ...(node.parallel ?? [])].filter(Boolean) as string[];
}

/** Checks a node graph when it is saved: one start, an end, known targets, assignees where needed, an end reachable. */
export function validateGraph(graph: FlowGraph): void {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  if (byId.size !== graph.nodes.length) throw new GraphError('节点ID重复');
  const starts = graph.nodes.filter((n) => n.type === 'start');
  if (starts.length !== 1) throw new GraphError('流程必须有且只有一个开始节点');
  if (!graph.nodes.some((n) => n.type === 'end')) throw new GraphError('流程缺少结束节点');
  for (const node of graph.nodes) {
    const targets = targetsOf(node);
    if (node.type === 'parallel' && (node.parallel?.length ?? 0) < 2)
      throw new GraphError(`并行节点「${node.name}」至少需要两个分支`);
    if (node.type === 'join' && !node.next) throw new GraphError(`汇聚节点「${node.name}」没有后续节点`);
    for (const target of targets) if (!byId.has(target)) throw new GraphError(`节点「${node.name}」指向不存在的节点`);
    if (node.type !== 'end' && targets.length === 0) throw new GraphError(`节点「${node.name}」没有后续节点`);
    if (node.type === 'approval' && !node.assignee) throw new GraphError(`审批节点「${node.name}」未设置处理人`);
    if (node.type === 'copy' && !node.copyTo) throw new GraphError(`抄送节点「${node.name}」未设置抄送人`);
  }
  // every node must be able to reach an end, or an instance could get stuck for ever
  const reachesEnd = new Set(graph.nodes.filter((n) => n.type === 'end').map((n) => n.id));
  let grew = true;
  while (grew) {
    grew = false;
    for (const node of graph.nodes) {
      if (reachesEnd.has(node.id)) continue;
      if (targetsOf(node).some((t) => reachesEnd.has(t))) {
        reachesEnd.add(node.id);
        grew = true;
      }
    }
  }
  const stuck = graph.nodes.find((n) => !reachesEnd.has(n.id));
  if (stuck) throw new GraphError(`节点「${stuck.name}」无法到达结束节点`);
}

export function nodeById(graph: FlowGraph, id: string): FlowNode {
  const node = graph.nodes.find((n) => n.id === id);
  if (!node) throw new GraphError(`节点不存在：${id}`);
  return node;
}

export function startNode(graph: FlowGraph): FlowNode {
  return graph.nodes.find((n) => n.type === 'start')!;
}

/** True when a branch condition holds for the form values (numbers compare as numbers). */
export function conditionHolds(condition: Condition, formData: Record<string, unknown>): boolean {
  const raw = formData[condition.field];
  const numeric = typeof condition.value === 'number';
  const left = numeric ? Number(raw) : String(raw ?? '');
  const right = condition.value;
  if (numeric && !Number.isFinite(left as number)) return false;
  switch (condition.op) {
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '==':
      return left === right;
    case '!=':
      return left !== right;
  }
}

/** The node after `node`: the first branch that holds, else the default. */
export function successor(graph: FlowGraph, node: FlowNode, formData: Record<string, unknown>): FlowNode {
  const branch = node.branches?.find((b) => conditionHolds(b.when, formData));
  return nodeById(graph, branch?.next ?? node.next!);
}

export interface Advance {
  /** where work stops: approval nodes to open (several after a parallel split), a join to check, or the end */
  stops: FlowNode[];
  /** the first stop (the only one outside parallel sections) */
  stop: FlowNode;
  /** copy nodes passed on the way (their recipients get a 待阅 / 收文 item) */
  copies: FlowNode[];
}

/** Walks on from a node that has completed: through copy nodes and parallel splits to approvals, joins or the end. */
export function advanceFrom(graph: FlowGraph, from: FlowNode, formData: Record<string, unknown>): Advance {
  const copies: FlowNode[] = [];
  const stops: FlowNode[] = [];
  let steps = 0;
  const walk = (node: FlowNode) => {
    steps += 1;
    if (steps > graph.nodes.length * 4) throw new GraphError('流程存在循环');
    if (node.type === 'copy') {
      copies.push(node);
      walk(successor(graph, node, formData));
    } else if (node.type === 'parallel') {
      for (const id of node.parallel ?? []) walk(nodeById(graph, id));
    } else if (!stops.includes(node)) {
      stops.push(node);
    }
  };
  walk(successor(graph, from, formData));
  return { stops, stop: stops[0]!, copies };
}

/** Approval nodes an instance has passed through before `current`, in order, for 退回 (plus the start = the initiator). */
export function returnTargets(graph: FlowGraph, visited: string[], current: string): FlowNode[] {
  const seen = new Set<string>();
  const targets: FlowNode[] = [startNode(graph)];
  for (const id of visited) {
    if (id === current || seen.has(id)) continue;
    seen.add(id);
    const node = graph.nodes.find((n) => n.id === id);
    if (node?.type === 'approval') targets.push(node);
  }
  return targets;
}
