import type { FlowNode } from '@contract/flow';
import { AppError } from '../../../lib/app-error';
import { nodeById, returnTargets, startNode } from './graph';
import { enforce, urgeRefusal, withdrawRefusal } from '../policy';
import {
  finishTask,
  openOn,
  ownPendingTask,
  pendingTasks,
  refuseDelegated,
  visited,
  type Effect,
  type EngineState,
} from './state';

function requireOpinion(opinion: string): void {
  if (!opinion.trim()) throw new AppError(400, '请填写审批意见');
}

/** The handler's own task and its node, for actions the start node (a returned application) does not offer. */
export function handlerNode(state: EngineState, taskId: string, userId: string, refusal: string): { node: FlowNode } {
  const task = ownPendingTask(state, taskId, userId);
  refuseDelegated(task);
  const node = nodeById(state.graph, task.nodeId);
  if (node.type === 'start') throw new AppError(400, refusal);
  return { node };
}

/** 驳回: the instance ends rejected; every open task closes. */
export function planReject(state: EngineState, taskId: string, userId: string, opinion: string): Effect[] {
  const { node } = handlerNode(state, taskId, userId, '退回的申请请修改后重新提交或撤回');
  requireOpinion(opinion);
  return [
    ...finishTask(taskId, node, 'reject', opinion),
    { type: 'cancel-all' },
    { type: 'finish', status: 'rejected' },
  ];
}

/** Where a task may be returned to: the initiator (start node) and the approval nodes passed before it. */
export function returnTargetsOf(state: EngineState, nodeId: string): FlowNode[] {
  const node = nodeById(state.graph, nodeId);
  if (node.type === 'start') return [];
  return returnTargets(state.graph, visited(state), nodeId);
}

/**
 * 退回: every open task closes; the start node means the initiator's 我的退回 (to resubmit or withdraw), an earlier
 * approval node goes back to the people who approved there (its rule again when nobody did, e.g. it was skipped by 或签).
 */
export function planReturn(
  state: EngineState,
  taskId: string,
  userId: string,
  input: { opinion: string; targetNodeId: string },
): Effect[] {
  const { node } = handlerNode(state, taskId, userId, '不能退回到该节点');
  requireOpinion(input.opinion);
  const target = returnTargetsOf(state, node.id).find((t) => t.id === input.targetNodeId);
  if (!target) throw new AppError(400, '不能退回到该节点');
  // a stand-in approved for someone: the node goes back to that person (routed to a stand-in again if still away)
  const approvers = state.tasks
    .filter((t) => t.nodeId === target.id && t.status === 'done')
    .map((t) => t.onBehalfOfId ?? t.assigneeId);
  const userIds = target.type === 'start' ? [state.initiatorId] : [...new Set(approvers)];
  return [
    ...finishTask(taskId, node, 'return', `${input.opinion}（退回至${target.name}）`),
    { type: 'cancel-all' },
    { type: 'open', node: target, ...(userIds.length > 0 ? { userIds } : {}) },
  ];
}

export const withOpinion = (opinion: string, note: string) => (opinion ? `${opinion}（${note}）` : `（${note}）`);

/** 转办: the task moves to another person on the same node; it stays in the transferor's 已转办. */
export function planTransfer(
  state: EngineState,
  taskId: string,
  userId: string,
  input: { opinion: string; to: { id: string; realName: string } },
): Effect[] {
  const { node } = handlerNode(state, taskId, userId, '退回的申请不能转办');
  if (input.to.id === userId) throw new AppError(400, '不能转办给自己');
  if (openOn(state, node.id).some((t) => t.assigneeId === input.to.id))
    throw new AppError(409, `${input.to.realName}已是当前处理人`);
  // a co-signer's task moves with its 加签 group, so the group still settles by its own rule
  const group = state.tasks.find((t) => t.id === taskId)!.group ?? null;
  return [
    ...finishTask(taskId, node, 'transfer', withOpinion(input.opinion, `转办给${input.to.realName}`), 'transferred'),
    { type: 'add', node, userIds: [input.to.id], group },
  ];
}

/** 撤回: the initiator takes a running instance back (policy.withdrawRefusal says until when); the open tasks close. */
export function planWithdraw(state: EngineState, userId: string): Effect[] {
  enforce(withdrawRefusal(state, userId));
  return [
    { type: 'cancel-all' },
    { type: 'log', node: startNode(state.graph), action: 'withdraw', opinion: '' },
    { type: 'finish', status: 'withdrawn' },
  ];
}

/** 催办 is for the initiator of a running instance with someone to remind; returns the people to remind. */
export function urgeTargets(state: EngineState, userId: string): string[] {
  enforce(urgeRefusal(state, userId));
  return [...new Set(pendingTasks(state).map((t) => t.assigneeId))];
}
