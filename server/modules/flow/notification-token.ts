import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FlowGraph } from '@contract/flow';
import type { PushApproveAction } from '@contract/push';
import type { Db } from '../../db/client';
import { flowActionTokens, flowDefinitions, flowInstances, flowTasks } from '../../db/schema';
import { approvesWithoutInput } from './list-presenter';

/** How long 同意 from a notification stays possible; a task handled or withdrawn before then ends it at once. */
const ACTION_TOKEN_DAYS = 7;
const TODO_LINK = /^\/followWaitDetail\?/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** sha256 (hex) of an action token: all the database keeps, so a reader of it cannot approve anything. */
export const actionTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * 同意 from a notification needs no input at all: what the 待办 list's batch 同意 asks (no opinion, no signature, no
 * next handler to choose), and no field for the handler to fill in on this node either.
 */
export function approvableFromNotification(
  graph: FlowGraph,
  nodeId: string,
  formData: Record<string, unknown>,
): boolean {
  const node = graph.nodes.find((n) => n.id === nodeId);
  return !node?.editableFields?.length && approvesWithoutInput(graph, nodeId, formData);
}

/**
 * The extra fields of a push (the delivery worker adds them to the payload): on a reminder that opens a 待办 the
 * receiver may approve without input, a fresh one-time action token for exactly that task and person (its hash
 * stored before the push leaves); on any other push nothing.
 */
export async function pushApproveFields(
  db: Db,
  row: { receiverId: string; link: string | null },
): Promise<{ approve?: PushApproveAction }> {
  if (!row.link || !TODO_LINK.test(row.link)) return {};
  const instanceId = new URLSearchParams(row.link.slice(row.link.indexOf('?'))).get('instanceId') ?? '';
  if (!UUID.test(instanceId)) return {};
  const [task] = await db
    .select({
      id: flowTasks.id,
      nodeId: flowTasks.nodeId,
      graph: flowDefinitions.graph,
      formData: flowInstances.formData,
    })
    .from(flowTasks)
    .innerJoin(flowInstances, eq(flowInstances.id, flowTasks.instanceId))
    .innerJoin(flowDefinitions, eq(flowDefinitions.id, flowInstances.definitionId))
    .where(
      and(
        eq(flowTasks.instanceId, instanceId),
        eq(flowTasks.assigneeId, row.receiverId),
        eq(flowTasks.status, 'pending'),
        eq(flowInstances.status, 'running'),
      ),
    )
    .orderBy(asc(flowTasks.createdAt))
    .limit(1);
  if (!task || !approvableFromNotification(task.graph as FlowGraph, task.nodeId, task.formData)) return {};
  const token = randomBytes(18).toString('base64url');
  // tokens past their time are worth nothing: each mint clears them, so the table holds only live ones
  await db.delete(flowActionTokens).where(lt(flowActionTokens.expiresAt, sql`now()`));
  await db.insert(flowActionTokens).values({
    tokenHash: actionTokenHash(token),
    taskId: task.id,
    userId: row.receiverId,
    expiresAt: sql`now() + make_interval(days => ${ACTION_TOKEN_DAYS})`,
  });
  return { approve: { taskId: task.id, token } };
}
