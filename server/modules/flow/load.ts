import { asc, eq } from 'drizzle-orm';
import type { FlowAction, FlowGraph, FormField, InstanceStatus } from '@contract/flow';
import type { Db } from '../../db/client';
import { flowDefinitions, flowInstances, flowLogs, flowTasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AddKind, EngineState, TaskStatus } from './engine/state';

type InstanceRow = typeof flowInstances.$inferSelect;
type DefinitionRow = typeof flowDefinitions.$inferSelect;

/** The task columns the engine decides on (the detail reads them beside the handler's name). */
export const engineTaskColumns = {
  id: flowTasks.id,
  nodeId: flowTasks.nodeId,
  assigneeId: flowTasks.assigneeId,
  status: flowTasks.status,
  parentTaskId: flowTasks.parentTaskId,
  addKind: flowTasks.addKind,
  groupSignMode: flowTasks.groupSignMode,
  onBehalfOfId: flowTasks.onBehalfOfId,
};
/** A task as the engine decides on it (the detail reads the same columns beside the names it shows). */
export type EngineTaskRow = {
  id: string;
  nodeId: string;
  assigneeId: string;
  status: string;
  parentTaskId: string | null;
  addKind: string | null;
  groupSignMode: string | null;
  onBehalfOfId: string | null;
};

/** The engine's state from rows already read: the instance's tasks and the actions of its trace, both oldest first. */
export function engineStateOf(
  instance: InstanceRow,
  definition: DefinitionRow,
  tasks: EngineTaskRow[],
  actions: string[],
): EngineState {
  return {
    graph: definition.graph as FlowGraph,
    formSchema: definition.formSchema as FormField[],
    status: instance.status as InstanceStatus,
    initiatorId: instance.initiatorId,
    formData: instance.formData,
    tasks: tasks.map(({ id, nodeId, assigneeId, status, parentTaskId, addKind, groupSignMode, onBehalfOfId }) => ({
      id,
      nodeId,
      assigneeId,
      onBehalfOfId,
      status: status as TaskStatus,
      group: parentTaskId
        ? { parentId: parentTaskId, kind: addKind as AddKind, signMode: groupSignMode as 'all' | 'any' }
        : null,
    })),
    actions: actions as FlowAction[],
  };
}

/** What the engine decides on: the instance's tasks and the actions of its trace, oldest first. */
export async function engineState(db: Db, instance: InstanceRow, definition: DefinitionRow): Promise<EngineState> {
  const tasks = await db
    .select(engineTaskColumns)
    .from(flowTasks)
    .where(eq(flowTasks.instanceId, instance.id))
    .orderBy(asc(flowTasks.createdAt));
  const logs = await db
    .select({ action: flowLogs.action })
    .from(flowLogs)
    .where(eq(flowLogs.instanceId, instance.id))
    .orderBy(asc(flowLogs.createdAt));
  return engineStateOf(
    instance,
    definition,
    tasks,
    logs.map((l) => l.action),
  );
}

/** The instance row locked for this transaction, with its definition and engine state: concurrent actions on one
 * instance run one after another, and each decides on what the one before it left. */
export async function lockInstance(tx: Db, instanceId: string) {
  const [instance] = await tx.select().from(flowInstances).where(eq(flowInstances.id, instanceId)).for('update');
  if (!instance) throw new AppError(404, '流程不存在');
  const [definition] = await tx.select().from(flowDefinitions).where(eq(flowDefinitions.id, instance.definitionId));
  return { instance, definition: definition!, state: await engineState(tx, instance, definition!) };
}

/** The locked instance a task belongs to (the engine then checks that the caller is its pending assignee). */
export async function lockTaskInstance(tx: Db, taskId: string) {
  const [peek] = await tx.select({ instanceId: flowTasks.instanceId }).from(flowTasks).where(eq(flowTasks.id, taskId));
  if (!peek) throw new AppError(404, '待办不存在');
  return lockInstance(tx, peek.instanceId);
}

/** Writes one step of the trace. */
export async function writeLog(
  tx: Db,
  entry: {
    instanceId: string;
    nodeId: string;
    nodeName: string;
    actorId: string;
    action: string;
    opinion?: string;
    attachments?: { fileName: string; attachName: string }[];
    signImg?: string | null;
    onBehalfOfId?: string | null;
    messageId?: string | null;
  },
): Promise<void> {
  await tx.insert(flowLogs).values({ ...entry, opinion: entry.opinion ?? '', attachments: entry.attachments ?? [] });
}
