import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FlowAction, FormField, InstanceDetail, InstanceStatus } from '@contract/flow';
import type { Db } from '../../db/client';
import { flowDefinitions, flowInstances, flowLogs, flowReads, flowTasks, orgs, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';
import { abilitiesFor } from './engine/abilities';
import { engineState } from './load';

/** Who may see an instance: its initiator, anyone who had a task or a copy on it, and admins. */
async function assertCanView(db: Db, user: Principal, instance: { id: string; initiatorId: string }) {
  if (instance.initiatorId === user.id || user.roles.includes('admin')) return;
  const [task] = await db.select({ id: flowTasks.id }).from(flowTasks).where(and(eq(flowTasks.instanceId, instance.id), eq(flowTasks.assigneeId, user.id))).limit(1);
  if (task) return;
  const [read] = await db.select({ id: flowReads.id }).from(flowReads).where(and(eq(flowReads.instanceId, instance.id), eq(flowReads.userId, user.id))).limit(1);
  if (!read) throw new AppError(403, '无权查看该流程');
}

/** The detail page: header, form, trace and what the caller may do (abilities decide the buttons). */
export async function instanceDetail(db: Db, user: Principal, instanceId: string): Promise<InstanceDetail> {
  const [instance] = await db.select().from(flowInstances).where(eq(flowInstances.id, instanceId));
  if (!instance) throw new AppError(404, '流程不存在');
  await assertCanView(db, user, instance);
  const [definition] = await db.select().from(flowDefinitions).where(eq(flowDefinitions.id, instance.definitionId));
  const [initiator] = await db.select({ id: users.id, realName: users.realName, orgName: orgs.name }).from(users).innerJoin(orgs, eq(orgs.id, users.orgId)).where(eq(users.id, instance.initiatorId));
  const logs = await db
    .select({ log: flowLogs, actorName: users.realName, signImg: users.signImg })
    .from(flowLogs)
    .innerJoin(users, eq(users.id, flowLogs.actorId))
    .where(eq(flowLogs.instanceId, instanceId))
    .orderBy(asc(flowLogs.createdAt));
  const pending = await db.select({ task: flowTasks, name: users.realName }).from(flowTasks).innerJoin(users, eq(users.id, flowTasks.assigneeId)).where(and(eq(flowTasks.instanceId, instanceId), eq(flowTasks.status, 'pending')));
  const [myRead] = await db.select({ id: flowReads.id }).from(flowReads).where(and(eq(flowReads.instanceId, instanceId), eq(flowReads.userId, user.id), isNull(flowReads.readAt))).limit(1);
  const schema = definition!.formSchema as FormField[];
  const { taskId: myTaskId, ...abilities } = abilitiesFor(await engineState(db, instance, definition!), user.id);
  return {
    id: instance.id,
    title: instance.title,
    serial: instance.serial,
    definition: { id: definition!.id, code: definition!.code, category: definition!.category, name: definition!.name, icon: definition!.icon, version: definition!.version, isDocument: definition!.isDocument },
    formSchema: schema,
    formData: instance.formData,
    initiator: { id: initiator!.id, realName: initiator!.realName, orgName: initiator!.orgName },
    status: instance.status as InstanceStatus,
    currentNodeNames: [...new Set(pending.map((p) => p.task.nodeName))],
    currentHandlers: [...new Set(pending.map((p) => p.name))],
    createdAt: instance.createdAt.toISOString(),
    trace: logs.map(({ log, actorName, signImg }) => ({
      id: log.id,
      nodeName: log.nodeName,
      actorName,
      actorSignImg: ['approve', 'reject', 'return'].includes(log.action) ? signImg : null,
      action: log.action as FlowAction,
      opinion: log.opinion,
      attachments: log.attachments,
      createdAt: log.createdAt.toISOString(),
    })),
    myTaskId,
    myReadId: myRead?.id ?? null,
    abilities,
    version: instance.version,
  };
}

/** The enabled catalogue, optionally filtered by name. */
export async function listDefinitions(db: Db, keyword?: string) {
  const rows = await db.select().from(flowDefinitions).where(eq(flowDefinitions.enabled, true)).orderBy(asc(flowDefinitions.sort));
  const filtered = keyword ? rows.filter((r) => r.name.includes(keyword) || r.category.includes(keyword)) : rows;
  return filtered.map((r) => ({ id: r.id, code: r.code, category: r.category, name: r.name, icon: r.icon, version: r.version, isDocument: r.isDocument }));
}

/** One definition with its form and whether the first approval node wants the initiator to choose its handlers. */
export async function definitionDetail(db: Db, id: string) {
  const [r] = await db.select().from(flowDefinitions).where(and(eq(flowDefinitions.id, id), eq(flowDefinitions.enabled, true)));
  if (!r) throw new AppError(404, '流程不存在或已停用');
  const start = r.graph.nodes.find((n) => n.type === 'start')!;
  const first = r.graph.nodes.find((n) => n.id === start.next);
  return {
    id: r.id, code: r.code, category: r.category, name: r.name, icon: r.icon, version: r.version, isDocument: r.isDocument,
    formSchema: r.formSchema as FormField[],
    firstNodeChosen: first?.type === 'approval' && first.assignee?.type === 'chosen',
  };
}

