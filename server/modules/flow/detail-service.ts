import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DefinitionDetail, DefinitionSummary, InstanceDetail } from '@contract/flow';
import type { Db } from '../../db/client';
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
import type { Principal } from '../session/service';
import { abilitiesFor } from './engine/abilities';
import { engineState } from './load';
import { routeAhead } from './route-ahead';
import { enforce, viewRefusal } from './policy';
import { presentComment, presentDefinition, presentDefinitionDetail, presentDetail } from './presenter';

/** Whether the caller had a task or a copy on the instance (one round trip; the policy decides what it means). */
export async function involvementOf(db: Db, userId: string, instance: { id: string; initiatorId: string }) {
  const hadTask = sql<boolean>`exists (select 1 from ${flowTasks} where ${flowTasks.instanceId} = ${instance.id} and ${flowTasks.assigneeId} = ${userId})`;
  const hadCopy = sql<boolean>`exists (select 1 from ${flowReads} where ${flowReads.instanceId} = ${instance.id} and ${flowReads.userId} = ${userId})`;
  const [row] = await db.select({ hadTask, hadCopy }).from(sql`(select 1) as one`);
  return { initiatorId: instance.initiatorId, hadTask: Boolean(row?.hadTask), hadCopy: Boolean(row?.hadCopy) };
}

/** The detail page: header, form, trace and what the caller may do (abilities decide the buttons). */
export async function instanceDetail(db: Db, user: Principal, instanceId: string): Promise<InstanceDetail> {
  const [instance] = await db.select().from(flowInstances).where(eq(flowInstances.id, instanceId));
  if (!instance) throw new AppError(404, '流程不存在');
  enforce(viewRefusal(user, await involvementOf(db, user.id, instance)));
  const [definition] = await db.select().from(flowDefinitions).where(eq(flowDefinitions.id, instance.definitionId));
  const [initiator] = await db
    .select({ id: users.id, realName: users.realName, orgName: orgs.name })
    .from(users)
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .where(eq(users.id, instance.initiatorId));
  const logs = await db
    .select({ log: flowLogs, actorName: users.realName, signImg: users.signImg })
    .from(flowLogs)
    .innerJoin(users, eq(users.id, flowLogs.actorId))
    .where(eq(flowLogs.instanceId, instanceId))
    .orderBy(asc(flowLogs.createdAt));
  const comments = await db
    .select({ comment: flowComments, actorName: users.realName })
    .from(flowComments)
    .innerJoin(users, eq(users.id, flowComments.userId))
    .where(eq(flowComments.instanceId, instanceId))
    .orderBy(asc(flowComments.createdAt));
  const pending = await db
    .select({ taskId: flowTasks.id, nodeName: flowTasks.nodeName, name: users.realName })
    .from(flowTasks)
    .innerJoin(users, eq(users.id, flowTasks.assigneeId))
    .where(and(eq(flowTasks.instanceId, instanceId), eq(flowTasks.status, 'pending')));
  const [myRead] = await db
    .select({ id: flowReads.id })
    .from(flowReads)
    .where(and(eq(flowReads.instanceId, instanceId), eq(flowReads.userId, user.id), isNull(flowReads.readAt)))
    .limit(1);
  const state = await engineState(db, instance, definition!);
  const { taskId: myTaskId, removableTaskIds, ...abilities } = abilitiesFor(state, user.id);
  if (removableTaskIds.length > 0)
    abilities.removableSigners = pending
      .filter((p) => removableTaskIds.includes(p.taskId))
      .map((p) => ({ taskId: p.taskId, realName: p.name }));
  const detail = presentDetail({
    instance,
    definition: definition!,
    initiator: initiator!,
    logs,
    comments: comments.map((c) => presentComment(c.comment, c.actorName)),
    pending,
    myTaskId,
    myReadId: myRead?.id ?? null,
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
