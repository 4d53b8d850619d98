import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DefinitionDetail, DefinitionSummary, InstanceDetail } from '@contract/flow';
import type { Db } from '../../db/client';
import { onOneConnection } from '../../db/one-connection';
import {
  flowComments,
  flowDefinitions,
  flowInstances,
  flowLogs,
  flowReads,
  flowTasks,
  orgs,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { actingName } from '@contract/flow-proxy';
import { alias } from 'drizzle-orm/pg-core';
import type { Principal } from '../session/service';
import { abilitiesFor } from './engine/abilities';
import { engineStateOf, engineTaskColumns } from './load';
import { routeAhead } from './route-ahead';
import { enforce, viewRefusal } from './policy';
import { presentComment, presentDefinition, presentDefinitionDetail, presentDetail } from './presenter';

// whom a stand-in acts for (审批代理)
const meantFor = alias(users, 'meant_for');

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

/** The instance with its definition, initiator, the caller's involvement and unread copy: one row, or none. */
function detailHead(db: Db, userId: string, instanceId: string) {
  const myReadId = sql<
    string | null
  >`(select ${flowReads.id} from ${flowReads} where ${flowReads.instanceId} = ${flowInstances.id} and ${flowReads.userId} = ${userId} and ${flowReads.readAt} is null limit 1)`;
  return db
    .select({
      instance: flowInstances,
      definition: flowDefinitions,
      initiator: { id: users.id, realName: users.realName, orgName: orgs.name },
      ...involvementColumns(userId, sql`${flowInstances.id}`),
      myReadId,
    })
    .from(flowInstances)
    .innerJoin(flowDefinitions, eq(flowDefinitions.id, flowInstances.definitionId))
    .innerJoin(users, eq(users.id, flowInstances.initiatorId))
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .where(eq(flowInstances.id, instanceId));
}

/**
 * The detail page: header, form, trace and what the caller may do (abilities decide the buttons). Four statements
 * (and the route ahead) on one connection: asked of the pool one by one, a detail queued for a connection eleven times
 * under load (issue 41).
 */
export function instanceDetail(db: Db, user: Principal, instanceId: string): Promise<InstanceDetail> {
  return onOneConnection(db, (conn) => readDetail(conn, user, instanceId));
}

async function readDetail(db: Db, user: Principal, instanceId: string): Promise<InstanceDetail> {
  const [head] = await detailHead(db, user.id, instanceId);
  if (!head) throw new AppError(404, '流程不存在');
  const { instance, definition, initiator } = head;
  enforce(
    viewRefusal(user, {
      initiatorId: instance.initiatorId,
      hadTask: Boolean(head.hadTask),
      hadCopy: Boolean(head.hadCopy),
    }),
  );
  // every task once: the engine decides on them and the header names the pending ones' handlers
  const tasks = await db
    .select({ ...engineTaskColumns, nodeName: flowTasks.nodeName, name: users.realName, meantFor: meantFor.realName })
    .from(flowTasks)
    .leftJoin(users, eq(users.id, flowTasks.assigneeId))
    .leftJoin(meantFor, eq(meantFor.id, flowTasks.onBehalfOfId))
    .where(eq(flowTasks.instanceId, instanceId))
    .orderBy(asc(flowTasks.createdAt));
  // the trace once: the page shows it and the engine reads its actions
  const logs = await db
    .select({ log: flowLogs, actorName: users.realName, onBehalfOfName: meantFor.realName, signImg: users.signImg })
    .from(flowLogs)
    .innerJoin(users, eq(users.id, flowLogs.actorId))
    .leftJoin(meantFor, eq(meantFor.id, flowLogs.onBehalfOfId))
    .where(eq(flowLogs.instanceId, instanceId))
    .orderBy(asc(flowLogs.createdAt));
  const comments = await db
    .select({ comment: flowComments, actorName: users.realName })
    .from(flowComments)
    .innerJoin(users, eq(users.id, flowComments.userId))
    .where(eq(flowComments.instanceId, instanceId))
    .orderBy(asc(flowComments.createdAt));
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
    myReadId: head.myReadId ?? null,
    abilities,
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
