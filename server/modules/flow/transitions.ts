import { eq } from 'drizzle-orm';
import type { FlowGraph, FlowNode } from '../../../contract/flow';
import type { Db } from '../../db/client';
import { flowInstances, flowReads, flowTasks } from '../../db/schema';
import { advanceFrom } from './engine/graph';
import { requireAssignees, resolveAssignees } from './assignees';

export interface InstanceRef {
  id: string;
  title: string;
  initiatorId: string;
  formData: Record<string, unknown>;
}

/** Hands out 待阅 / 收文 items for the copy nodes passed. */
async function deliverCopies(tx: Db, instance: InstanceRef, copies: FlowNode[]): Promise<string[]> {
  const notified: string[] = [];
  for (const node of copies) {
    const ids = await resolveAssignees(tx, node.copyTo!, instance.initiatorId, []);
    if (ids.length === 0) continue;
    await tx.insert(flowReads).values(ids.map((userId) => ({ instanceId: instance.id, userId, kind: node.copyKind ?? 'copy', nodeName: node.name, title: instance.title })));
    notified.push(...ids);
  }
  return notified;
}

/** Opens tasks on an approval node for its handlers. */
export async function openNode(tx: Db, instance: InstanceRef, node: FlowNode, chosen: string[]): Promise<string[]> {
  const assignees = requireAssignees(await resolveAssignees(tx, node.assignee!, instance.initiatorId, chosen), node.name, node.assignee!);
  await tx.insert(flowTasks).values(assignees.map((assigneeId) => ({ instanceId: instance.id, nodeId: node.id, nodeName: node.name, assigneeId, title: instance.title })));
  await tx.update(flowInstances).set({ currentNodeId: node.id, status: 'running', updatedAt: new Date() }).where(eq(flowInstances.id, instance.id));
  return assignees;
}

/** After `from` completes: deliver copies on the way, then open the next approval node or finish approved. */
export async function moveOn(tx: Db, graph: FlowGraph, instance: InstanceRef, from: FlowNode, chosen: string[]): Promise<{ notified: string[]; finished: boolean }> {
  const { stop, copies } = advanceFrom(graph, from, instance.formData);
  const copied = await deliverCopies(tx, instance, copies);
  if (stop.type === 'end') {
    await tx.update(flowInstances).set({ status: 'approved', currentNodeId: null, finishedAt: new Date(), updatedAt: new Date() }).where(eq(flowInstances.id, instance.id));
    return { notified: copied, finished: true };
  }
  const handlers = await openNode(tx, instance, stop, chosen);
  return { notified: [...copied, ...handlers], finished: false };
}
