import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowInstances, flowReads, flowTasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordMessage } from '../message/service';
import { canWithdraw } from './action-service';
import { startNode } from './engine/graph';
import { cancelPending, lockInstance, writeLog } from './load';

/** 撤回: the initiator takes the instance back while no handler has acted yet. */
export async function withdrawInstance(tx: Db, userId: string, instanceId: string) {
  const { instance, graph } = await lockInstance(tx, instanceId);
  if (instance.initiatorId !== userId) throw new AppError(403, '只有发起人可以撤回');
  if (!(await canWithdraw(tx, instance))) throw new AppError(409, '已有人处理，不能撤回');
  const pending = await tx.select({ id: flowTasks.assigneeId }).from(flowTasks).where(and(eq(flowTasks.instanceId, instanceId), eq(flowTasks.status, 'pending')));
  await cancelPending(tx, instanceId);
  const start = startNode(graph);
  await writeLog(tx, { instanceId, nodeId: start.id, nodeName: start.name, actorId: userId, action: 'withdraw' });
  await tx.update(flowInstances).set({ status: 'withdrawn', currentNodeId: null, finishedAt: new Date(), updatedAt: new Date() }).where(eq(flowInstances.id, instanceId));
  return { instanceId, notified: pending.map((p) => p.id) };
}

/** 催办: the initiator reminds the current handlers through the chosen channels (the message module delivers). */
export async function urgeInstance(tx: Db, userId: string, instanceId: string, body: { channels: string[]; opinion: string }) {
  const { instance } = await lockInstance(tx, instanceId);
  if (instance.initiatorId !== userId) throw new AppError(403, '只有发起人可以催办');
  if (instance.status !== 'running') throw new AppError(409, '流程已结束，无需催办');
  const pending = await tx.select({ id: flowTasks.assigneeId, nodeId: flowTasks.nodeId, nodeName: flowTasks.nodeName }).from(flowTasks).where(and(eq(flowTasks.instanceId, instanceId), eq(flowTasks.status, 'pending')));
  if (pending.length === 0) throw new AppError(409, '当前没有待处理人');
  const message = await recordMessage(tx, userId, {
    title: `催办：${instance.title}`,
    content: body.opinion || `请尽快处理「${instance.title}」`,
    receiverIds: [...new Set(pending.map((p) => p.id))],
    channels: body.channels as never,
  });
  await writeLog(tx, { instanceId, nodeId: pending[0]!.nodeId, nodeName: pending[0]!.nodeName, actorId: userId, action: 'urge', opinion: body.opinion });
  return { instanceId, messageId: message.id, notified: message.receiverIds };
}

/** Opening a 待阅 / 收文 item marks it read (已阅); only its own receiver may. */
export async function markReadItem(tx: Db, userId: string, readId: string) {
  const [item] = await tx.select().from(flowReads).where(eq(flowReads.id, readId));
  if (!item) throw new AppError(404, '待阅不存在');
  if (item.userId !== userId) throw new AppError(403, '无权查看该待阅');
  if (!item.readAt) await tx.update(flowReads).set({ readAt: new Date() }).where(and(eq(flowReads.id, readId), isNull(flowReads.readAt)));
  return { instanceId: item.instanceId, read: true };
}
