import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowInstances, flowReads, flowTasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';
import { viewRefusal } from './policy';

/*
 * An action on an instance or task the caller may not see answers 404 as for a missing one, before any rule of the
 * action speaks: '只有发起人可以撤回' or '您不是当前处理人' would tell a stranger the id exists. Someone who may see
 * the instance still hears why the action is not theirs.
 */

async function mayView(db: Db, user: Principal, instance: { id: string; initiatorId: string }): Promise<boolean> {
  // the initiator and admins need no query
  if (!viewRefusal(user, { initiatorId: instance.initiatorId, hadTask: false, hadCopy: false })) return true;
  const hadTask = sql<boolean>`exists (select 1 from ${flowTasks} where ${flowTasks.instanceId} = ${instance.id} and (${flowTasks.assigneeId} = ${user.id} or ${flowTasks.onBehalfOfId} = ${user.id}))`;
  const hadCopy = sql<boolean>`exists (select 1 from ${flowReads} where ${flowReads.instanceId} = ${instance.id} and ${flowReads.userId} = ${user.id})`;
  const [row] = await db.select({ hadTask, hadCopy }).from(sql`(select 1) as one`);
  return !viewRefusal(user, {
    initiatorId: instance.initiatorId,
    hadTask: Boolean(row?.hadTask),
    hadCopy: Boolean(row?.hadCopy),
  });
}

/** Throws 404 流程不存在 unless the instance exists and the caller may see it. */
export async function assertInstanceVisible(db: Db, user: Principal, instanceId: string): Promise<void> {
  const [instance] = await db
    .select({ id: flowInstances.id, initiatorId: flowInstances.initiatorId })
    .from(flowInstances)
    .where(eq(flowInstances.id, instanceId));
  if (!instance || !(await mayView(db, user, instance))) throw new AppError(404, '流程不存在');
}

/** Throws 404 待办不存在 unless the task exists and the caller may see its instance. */
export async function assertTaskVisible(db: Db, user: Principal, taskId: string): Promise<void> {
  const [instance] = await db
    .select({ id: flowInstances.id, initiatorId: flowInstances.initiatorId })
    .from(flowTasks)
    .innerJoin(flowInstances, eq(flowInstances.id, flowTasks.instanceId))
    .where(eq(flowTasks.id, taskId));
  if (!instance || !(await mayView(db, user, instance))) throw new AppError(404, '待办不存在');
}
