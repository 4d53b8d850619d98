import { and, desc, eq, inArray } from 'drizzle-orm';
import { ACTION_TEXT, type FlowAction } from '@contract/flow';
import type { ConflictDetail } from '@contract/outbox';
import type { Db } from '../../db/client';
import { flowLogs, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { HANDLER_ACTIONS, type EngineState } from './engine/state';

/**
 * Refuses an action on the caller's own task that is no longer pending with the step that made it so (a decision
 * queued offline meets a request withdrawn meanwhile, or a 或签 someone else settled): 409 with the usual message and,
 * as data, who did what and when. Someone else's or a missing task is left to ownPendingTask (403/404 first).
 */
export async function refuseGoneTask(
  tx: Db,
  state: EngineState,
  instanceId: string,
  taskId: string,
  userId: string,
): Promise<void> {
  const task = state.tasks.find((t) => t.id === taskId);
  if (!task || task.assigneeId !== userId || task.status === 'pending') return;
  const withdrawn = state.status === 'withdrawn';
  const [step] = await tx
    .select({ actorName: users.realName, action: flowLogs.action, createdAt: flowLogs.createdAt })
    .from(flowLogs)
    .innerJoin(users, eq(users.id, flowLogs.actorId))
    .where(
      withdrawn
        ? and(eq(flowLogs.instanceId, instanceId), eq(flowLogs.action, 'withdraw'))
        : and(
            eq(flowLogs.instanceId, instanceId),
            eq(flowLogs.nodeId, task.nodeId),
            inArray(flowLogs.action, [...HANDLER_ACTIONS]),
          ),
    )
    .orderBy(desc(flowLogs.createdAt))
    .limit(1);
  const detail: ConflictDetail | null = step
    ? {
        actorName: step.actorName,
        at: step.createdAt.toISOString(),
        actionText: ACTION_TEXT[step.action as FlowAction] ?? step.action,
      }
    : null;
  throw new AppError(409, withdrawn ? '该申请已被发起人撤回' : '该待办已被处理', 409, detail);
}
