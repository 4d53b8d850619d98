import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DefinitionDetail, DefinitionSummary, InstanceDetail } from '@contract/flow';
import type { Db } from '../../db/client';
import { flowDefinitions, flowReads, flowTasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { actingName } from '@contract/flow-proxy';
import type { Principal } from '../session/service';
import { abilitiesFor } from './engine/abilities';
import { readDetailRows } from './detail-read';
import { engineStateOf } from './load';
import { routeAhead } from './route-ahead';
import { enforce, viewRefusal } from './policy';
import { presentComment, presentDefinition, presentDefinitionDetail, presentDetail } from './presenter';

/** Whether the caller had a task or a copy on an instance, as columns of a statement (policy decides what it means). */
function involvementColumns(userId: string, instanceId: string | SQL) {
  return {
    hadTask: sql<boolean>`exists (select 1 from ${flowTasks} where ${flowTasks.instanceId} = ${instanceId} and (${flowTasks.assigneeId} = ${userId} or ${flowTasks.onBehalfOfId} = ${userId}))`,
    hadCopy: sql<boolean>`exists (select 1 from ${flowReads} where ${flowReads.instanceId} = ${instanceId} and ${flowReads.userId} = ${userId})`,
  };
}

/** Whether the caller had a task or a copy on the instance (one round trip; the policy decides what it means). */
export async function involvementOf(db: Db, userId: string, instance: { id: string; initiatorId: string }) {
  const [row] = await db.select(involvementColumns(userId, instance.id)).from(sql`(select 1) as one`);
  return { initiatorId: instance.initiatorId, hadTask: Boolean(row?.hadTask), hadCopy: Boolean(row?.hadCopy) };
}

/**
 * The detail page: header, form, trace and what the caller may do (abilities decide the buttons). One statement
 * (detail-read.ts) and the route ahead, whose rules may name people to look up.
 */
export async function instanceDetail(db: Db, user: Principal, instanceId: string): Promise<InstanceDetail> {
  const rows = await readDetailRows(db, user.id, instanceId);
  if (!rows) throw new AppError(404, '流程不存在');
  const { instance, definition, initiator, tasks, logs, comments } = rows;
  enforce(viewRefusal(user, { initiatorId: instance.initiatorId, hadTask: rows.hadTask, hadCopy: rows.hadCopy }));
  const pending = tasks
    .filter((task) => task.status === 'pending')
    .map((task) => ({ taskId: task.id, nodeName: task.nodeName, name: actingName(task.name ?? '', task.meantFor) }));
  const state = engineStateOf(
    instance,
    definition,
    tasks,
    logs.map((l) => l.log.action),
  );
  const { taskId: myTaskId, removableTaskIds, ...abilities } = abilitiesFor(state, user.id);
  if (removableTaskIds.length > 0)
    abilities.removableSigners = pending
      .filter((p) => removableTaskIds.includes(p.taskId))
      .map((p) => ({ taskId: p.taskId, realName: p.name }));
  const detail = presentDetail({
    instance,
    definition,
    initiator,
    logs,
    comments: comments.map((c) => presentComment(c.comment, c.actorName)),
    pending,
    myTaskId,
    myReadId: rows.myReadId,
    abilities,
    reader: { id: user.id, isAdmin: user.roles.includes('admin') },
  });
  return { ...detail, routeAhead: await routeAhead(db, state) };
}

/** The enabled catalogue, optionally filtered by name or category. */
export async function listDefinitions(db: Db, keyword?: string): Promise<DefinitionSummary[]> {
  const rows = await db
    .select()
    .from(flowDefinitions)
    .where(eq(flowDefinitions.enabled, true))
    .orderBy(asc(flowDefinitions.sort));
  const filtered = keyword ? rows.filter((r) => r.name.includes(keyword) || r.category.includes(keyword)) : rows;
  return filtered.map(presentDefinition);
}

/** One enabled definition for the 发起 page. */
export async function definitionDetail(db: Db, id: string): Promise<DefinitionDetail> {
  const [row] = await db
    .select()
    .from(flowDefinitions)
    .where(and(eq(flowDefinitions.id, id), eq(flowDefinitions.enabled, true)));
  if (!row) throw new AppError(404, '流程不存在或已停用');
  return presentDefinitionDetail(row);
}
