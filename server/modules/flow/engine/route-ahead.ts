import type { FlowNode } from '@contract/flow';
import { GraphError, advanceFrom, nodeById, startNode } from './graph';
import { openTasks, type EngineState } from './state';

/**
 * The approval nodes still to come, in order, as the form stands now: walked on from the nodes with open work (the
 * start node for a draft or a returned request), through branches, copies, parallel splits and joins. Empty once the
 * instance has ended.
 */
export function nodesAhead(state: EngineState): FlowNode[] {
  if (state.status === 'approved' || state.status === 'rejected' || state.status === 'withdrawn') return [];
  const open = [...new Set(openTasks(state).map((t) => t.nodeId))].map((id) => nodeById(state.graph, id));
  const queue = open.length > 0 && state.status === 'running' ? open : [startNode(state.graph)];
  const seen = new Set(queue.map((n) => n.id));
  const ahead: FlowNode[] = [];
  while (queue.length > 0) {
    const node = queue.shift()!;
    let stops: FlowNode[];
    try {
      stops = advanceFrom(state.graph, node, state.formData).stops;
    } catch (error) {
      // a loop in an old definition: show what is known rather than fail the whole detail page
      if (error instanceof GraphError) break;
      throw error;
    }
    for (const stop of stops) {
      if (seen.has(stop.id) || stop.type === 'end') continue;
      seen.add(stop.id);
      if (stop.type === 'approval') ahead.push(stop);
      queue.push(stop);
    }
  }
  return ahead;
}
