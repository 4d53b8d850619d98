import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FormField } from '../../../contract/flow';
import type { Db } from '../../db/client';
import { flowInstances, flowLogs, flowTasks, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { formProblem, pickFormFields } from '../../../contract/flow-form-rules';
import { nodeById, returnTargets } from './engine/graph';
import { nodeCompletes } from './engine/sign-mode';
import { cancelPending, lockOwnTask, pendingOnNode, writeLog } from './load';
import { moveOn, openNode } from './transitions';

type Attachments = { fileName: string; attachName: string }[];

const bump = (tx: Db, id: string, set: Partial<typeof flowInstances.$inferInsert> = {}) =>
  tx.update(flowInstances).set({ ...set, version: sql`${flowInstances.version} + 1`, updatedAt: new Date() }).where(eq(flowInstances.id, id));

function requireOpinion(required: boolean | undefined, opinion: string) {
  if (required && !opinion.trim()) throw new AppError(400, '请填写审批意见');
}

/** 同意 (or 重新提交 on a returned instance): completes the node when its sign mode says so, then moves on. */
export async function approveTask(tx: Db, userId: string, taskId: string, body: { opinion: string; attachments: Attachments; formData?: Record<string, unknown>; chosenAssignees: string[] }) {
  const { instance, definition, graph, task } = await lockOwnTask(tx, taskId, userId);
  const node = nodeById(graph, task.nodeId);
  requireOpinion(node.opinionRequired, body.opinion);
  let formData = instance.formData;
  const schema = definition.formSchema as FormField[];
  const editable = node.type === 'start' ? schema.map((f) => f.key) : (node.editableFields ?? []);
  if (body.formData && editable.length > 0) {
    const changes = pickFormFields(schema.filter((f) => editable.includes(f.key)), body.formData);
    formData = { ...formData, ...changes };
    const problem = formProblem(schema, formData);
    if (problem) throw new AppError(400, problem);
  }
  await tx.update(flowTasks).set({ status: 'done', action: node.type === 'start' ? 'resubmit' : 'approve', handledAt: new Date() }).where(eq(flowTasks.id, taskId));
  await writeLog(tx, { instanceId: instance.id, nodeId: node.id, nodeName: node.name, actorId: userId, action: node.type === 'start' ? 'resubmit' : 'approve', opinion: body.opinion, attachments: body.attachments });
  await bump(tx, instance.id, { formData });
  const left = await pendingOnNode(tx, instance.id, node.id);
  if (node.type !== 'start' && !nodeCompletes(node.signMode, left.length)) return { instanceId: instance.id, finished: false, notified: [] as string[] };
  // 或签: the others on this node are done too; parallel branches elsewhere keep their tasks
  await tx.update(flowTasks).set({ status: 'cancelled', handledAt: new Date() }).where(and(eq(flowTasks.instanceId, instance.id), eq(flowTasks.nodeId, node.id), eq(flowTasks.status, 'pending')));
  const moved = await moveOn(tx, graph, { id: instance.id, title: instance.title, initiatorId: instance.initiatorId, formData }, node, body.chosenAssignees);
  return { instanceId: instance.id, ...moved };
}

/** 驳回: the instance ends rejected. */
export async function rejectTask(tx: Db, userId: string, taskId: string, body: { opinion: string; attachments: Attachments }) {
  const { instance, graph, task } = await lockOwnTask(tx, taskId, userId);
  const node = nodeById(graph, task.nodeId);
  if (node.type === 'start') throw new AppError(400, '退回的申请请修改后重新提交或撤回');
  requireOpinion(true, body.opinion);
  await tx.update(flowTasks).set({ status: 'done', action: 'reject', handledAt: new Date() }).where(eq(flowTasks.id, taskId));
  await cancelPending(tx, instance.id);
  await writeLog(tx, { instanceId: instance.id, nodeId: node.id, nodeName: node.name, actorId: userId, action: 'reject', opinion: body.opinion, attachments: body.attachments });
  await bump(tx, instance.id, { status: 'rejected', currentNodeId: null, finishedAt: new Date() });
  return { instanceId: instance.id, notified: [instance.initiatorId] };
}

/** Nodes an instance has been through, oldest first (from its tasks). */
export async function visitedNodes(tx: Db, instanceId: string): Promise<string[]> {
  const rows = await tx.select({ nodeId: flowTasks.nodeId }).from(flowTasks).where(eq(flowTasks.instanceId, instanceId)).orderBy(flowTasks.createdAt);
  return rows.map((r) => r.nodeId);
}

/** 退回: to the initiator (我的退回) or to an earlier approval node, whose handlers get the task again. */
export async function returnTask(tx: Db, userId: string, taskId: string, body: { opinion: string; attachments: Attachments; targetNodeId: string }) {
  const { instance, graph, task } = await lockOwnTask(tx, taskId, userId);
  const node = nodeById(graph, task.nodeId);
  requireOpinion(true, body.opinion);
  const targets = returnTargets(graph, await visitedNodes(tx, instance.id), node.id);
  const target = targets.find((t) => t.id === body.targetNodeId);
  if (!target || node.type === 'start') throw new AppError(400, '不能退回到该节点');
  await tx.update(flowTasks).set({ status: 'done', action: 'return', handledAt: new Date() }).where(eq(flowTasks.id, taskId));
  await cancelPending(tx, instance.id);
  await writeLog(tx, { instanceId: instance.id, nodeId: node.id, nodeName: node.name, actorId: userId, action: 'return', opinion: `${body.opinion}（退回至${target.name}）`, attachments: body.attachments });
  const ref = { id: instance.id, title: instance.title, initiatorId: instance.initiatorId, formData: instance.formData };
  if (target.type === 'start') {
    await tx.insert(flowTasks).values({ instanceId: instance.id, nodeId: target.id, nodeName: target.name, assigneeId: instance.initiatorId, title: instance.title });
    await bump(tx, instance.id, { status: 'returned', currentNodeId: target.id });
    return { instanceId: instance.id, notified: [instance.initiatorId] };
  }
  const before = await tx.select({ id: flowTasks.assigneeId }).from(flowTasks).where(and(eq(flowTasks.instanceId, instance.id), eq(flowTasks.nodeId, target.id), inArray(flowTasks.status, ['done', 'cancelled'])));
  const notified = await openNode(tx, ref, target, [...new Set(before.map((b) => b.id))]);
  await bump(tx, instance.id);
  return { instanceId: instance.id, notified };
}

async function requireActiveUser(tx: Db, id: string) {
  const [user] = await tx.select({ id: users.id, realName: users.realName }).from(users).where(and(eq(users.id, id), eq(users.status, 'active')));
  if (!user) throw new AppError(400, '所选人员不存在或已停用');
  return user;
}

/** 转办: the task moves to another person on the same node (shown in the transferor's 已转办). */
export async function transferTask(tx: Db, userId: string, taskId: string, body: { opinion: string; toUserId: string }) {
  const { instance, task } = await lockOwnTask(tx, taskId, userId);
  if (body.toUserId === userId) throw new AppError(400, '不能转办给自己');
  const target = await requireActiveUser(tx, body.toUserId);
  const open = await pendingOnNode(tx, instance.id, task.nodeId);
  if (open.some((t) => t.assigneeId === target.id)) throw new AppError(409, `${target.realName}已是当前处理人`);
  await tx.update(flowTasks).set({ status: 'transferred', action: 'transfer', handledAt: new Date() }).where(eq(flowTasks.id, taskId));
  await tx.insert(flowTasks).values({ instanceId: instance.id, nodeId: task.nodeId, nodeName: task.nodeName, assigneeId: target.id, title: instance.title });
  await writeLog(tx, { instanceId: instance.id, nodeId: task.nodeId, nodeName: task.nodeName, actorId: userId, action: 'transfer', opinion: `${body.opinion ? `${body.opinion}（` : '（'}转办给${target.realName}）` });
  await bump(tx, instance.id);
  return { instanceId: instance.id, notified: [target.id] };
}

/** 加签: more people sign on the current node, next to the current handler. */
export async function addSigners(tx: Db, userId: string, taskId: string, body: { opinion: string; userIds: string[] }) {
  const { instance, task } = await lockOwnTask(tx, taskId, userId);
  const open = new Set((await pendingOnNode(tx, instance.id, task.nodeId)).map((t) => t.assigneeId));
  const names: string[] = [];
  const added: string[] = [];
  for (const id of new Set(body.userIds)) {
    const user = await requireActiveUser(tx, id);
    if (open.has(user.id)) continue;
    added.push(user.id);
    names.push(user.realName);
  }
  if (added.length === 0) throw new AppError(400, '所选人员已是当前处理人');
  await tx.insert(flowTasks).values(added.map((assigneeId) => ({ instanceId: instance.id, nodeId: task.nodeId, nodeName: task.nodeName, assigneeId, title: instance.title })));
  await writeLog(tx, { instanceId: instance.id, nodeId: task.nodeId, nodeName: task.nodeName, actorId: userId, action: 'add-signer', opinion: `${body.opinion ? `${body.opinion}（` : '（'}加签：${names.join('、')}）` });
  await bump(tx, instance.id);
  return { instanceId: instance.id, notified: added };
}

/** True while nobody has acted since the initiator last submitted: the window in which 撤回 is allowed. */
export async function canWithdraw(tx: Db, instance: { id: string; status: string }): Promise<boolean> {
  if (instance.status !== 'running') return false;
  const logs = await tx.select({ action: flowLogs.action }).from(flowLogs).where(eq(flowLogs.instanceId, instance.id)).orderBy(flowLogs.createdAt);
  const lastSubmit = logs.map((l) => l.action).lastIndexOf('submit');
  const lastResubmit = logs.map((l) => l.action).lastIndexOf('resubmit');
  const since = logs.slice(Math.max(lastSubmit, lastResubmit) + 1);
  return !since.some((l) => ['approve', 'reject', 'return', 'transfer', 'add-signer'].includes(l.action));
}
