import { and, count, eq } from 'drizzle-orm';
import type { FlowGraph, FlowNode } from '../../../contract/flow';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
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

/** After `from` completes: deliver copies on the way, open the next approval nodes, wait at a join until every
 * branch is done, or finish approved at the end. */
export async function moveOn(tx: Db, graph: FlowGraph, instance: InstanceRef, from: FlowNode, chosen: string[]): Promise<{ notified: string[]; finished: boolean }> {
  const { stops, copies } = advanceFrom(graph, from, instance.formData);
  const notified = await deliverCopies(tx, instance, copies);
  // approvals first: a join reached in the same step must see the branches opened beside it
  const ordered = [...stops].sort((a, b) => rank(a) - rank(b));
  let finished = false;
  for (const stop of ordered) {
    if (stop.type === 'approval') notified.push(...(await openNode(tx, instance, stop, chosen)));
    else if (stop.type === 'join') {
      const [open] = await tx.select({ n: count() }).from(flowTasks).where(and(eq(flowTasks.instanceId, instance.id), eq(flowTasks.status, 'pending')));
      if (toCount(open?.n) > 0) continue;
      const after = await moveOn(tx, graph, instance, stop, chosen);
      notified.push(...after.notified);
      finished = after.finished;
    } else if (stop.type === 'end') {
      await tx.update(flowInstances).set({ status: 'approved', currentNodeId: null, finishedAt: new Date(), updatedAt: new Date() }).where(eq(flowInstances.id, instance.id));
      finished = true;
    }
  }
  return { notified, finished };
}

const rank = (node: FlowNode) => (node.type === 'approval' ? 0 : node.type === 'join' ? 1 : 2);
