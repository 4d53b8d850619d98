import { and, eq } from 'drizzle-orm';
import type { FlowGraph } from '../../../contract/flow';
import type { Db } from '../../db/client';
import { flowDefinitions, flowInstances, flowLogs, flowTasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** The instance row locked for this transaction: concurrent actions on one instance run one after another. */
export async function lockInstance(tx: Db, instanceId: string) {
  const [instance] = await tx.select().from(flowInstances).where(eq(flowInstances.id, instanceId)).for('update');
  if (!instance) throw new AppError(404, '流程不存在');
  const [definition] = await tx.select().from(flowDefinitions).where(eq(flowDefinitions.id, instance.definitionId));
  return { instance, definition: definition!, graph: definition!.graph as FlowGraph };
}

/** A task and its locked instance; only the task's own pending assignee may act (403 / 409 otherwise). */
export async function lockOwnTask(tx: Db, taskId: string, userId: string) {
  const [peek] = await tx.select({ instanceId: flowTasks.instanceId }).from(flowTasks).where(eq(flowTasks.id, taskId));
  if (!peek) throw new AppError(404, '待办不存在');
  const locked = await lockInstance(tx, peek.instanceId);
  const [task] = await tx.select().from(flowTasks).where(eq(flowTasks.id, taskId));
  if (task!.assigneeId !== userId) throw new AppError(403, '您不是当前处理人');
  if (task!.status !== 'pending') throw new AppError(409, '该待办已被处理');
  return { ...locked, task: task! };
}

/** Writes one step of the trace. */
export async function writeLog(
  tx: Db,
  entry: { instanceId: string; nodeId: string; nodeName: string; actorId: string; action: string; opinion?: string; attachments?: { fileName: string; attachName: string }[] },
): Promise<void> {
  await tx.insert(flowLogs).values({ ...entry, opinion: entry.opinion ?? '', attachments: entry.attachments ?? [] });
}

/** Pending tasks left on a node of an instance. */
export async function pendingOnNode(tx: Db, instanceId: string, nodeId: string) {
  return tx.select().from(flowTasks).where(and(eq(flowTasks.instanceId, instanceId), eq(flowTasks.nodeId, nodeId), eq(flowTasks.status, 'pending')));
}

/** Closes every pending task of an instance (reject, return, withdraw, 或签 done). */
export async function cancelPending(tx: Db, instanceId: string): Promise<void> {
  await tx.update(flowTasks).set({ status: 'cancelled', handledAt: new Date() }).where(and(eq(flowTasks.instanceId, instanceId), eq(flowTasks.status, 'pending')));
}
