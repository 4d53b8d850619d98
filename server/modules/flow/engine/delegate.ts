import { AppError } from '../../../lib/app-error';
import { nodeById } from './graph';
import { handlerNode, withOpinion } from './plan-actions';
import { openOn, ownPendingTask, type Effect, type EngineState } from './state';

/**
 * 委派: the handler asks one person to look at the task for them. The handler's task waits (in their 待办, marked
 * waiting, as after 前加签); the delegate gets a task of their own whose only action is to reply with an opinion.
 */
export function planDelegate(
  state: EngineState,
  taskId: string,
  userId: string,
  input: { opinion: string; to: { id: string; realName: string } },
): Effect[] {
  const { node } = handlerNode(state, taskId, userId, '退回的申请不能委派');
  if (input.to.id === userId) throw new AppError(400, '不能委派给自己');
  if (openOn(state, node.id).some((t) => t.assigneeId === input.to.id))
    throw new AppError(409, `${input.to.realName}已是当前处理人`);
  return [
    { type: 'wait', taskId, action: 'delegate' },
    { type: 'add', node, userIds: [input.to.id], group: { parentId: taskId, kind: 'delegate', signMode: 'any' } },
    { type: 'log', node, action: 'delegate', opinion: withOpinion(input.opinion, `委派：${input.to.realName}`) },
  ];
}

/** 回复委派: the delegate's opinion goes into the trace and the task goes back to the one who delegated, on top. */
export function planReply(state: EngineState, taskId: string, userId: string, opinion: string): Effect[] {
  const task = ownPendingTask(state, taskId, userId);
  if (task.group?.kind !== 'delegate') throw new AppError(409, '该待办不是委派给您的');
  if (!opinion.trim()) throw new AppError(400, '请填写委派意见');
  const node = nodeById(state.graph, task.nodeId);
  return [
    { type: 'close', taskId, status: 'done', action: 'delegate-reply' },
    { type: 'log', node, action: 'delegate-reply', opinion },
    { type: 'resume', taskId: task.group.parentId },
  ];
}
