import { AppError } from '../../../lib/app-error';
import { planDecided } from './move-on';
import { handlerNode, withOpinion } from './plan-actions';
import { draftOf, openOn, type AddKind, type Effect, type EngineState, type EngineTask } from './state';

export const ADD_KIND_TEXT: Record<AddKind, string> = { before: '前加签', after: '后加签', delegate: '委派' };
export const GROUP_SIGN_TEXT = { all: '会签', any: '或签' } as const;

export interface AddSignersInput {
  opinion: string;
  users: { id: string; realName: string }[];
  /** 前加签 (default): they decide first, then the one who asked; 后加签: the asker approves now, they decide after */
  kind: AddKind;
  /** the added group's own rule: 会签 all of them, 或签 any one */
  signMode: 'all' | 'any';
}

/**
 * 加签: the handler hands the node to a group of people who decide by the group's own sign mode. The handler's task
 * waits meanwhile: after a 前加签 group it is theirs again to decide; after a 后加签 group their approval counts.
 */
export function planAddSigners(state: EngineState, taskId: string, userId: string, input: AddSignersInput): Effect[] {
  const { node } = handlerNode(state, taskId, userId, '退回的申请不能加签');
  const open = new Set(openOn(state, node.id).map((t) => t.assigneeId));
  const added = [...new Map(input.users.map((u) => [u.id, u])).values()].filter((u) => !open.has(u.id));
  if (added.length === 0) throw new AppError(400, '所选人员已是当前处理人');
  const names = added.map((u) => u.realName).join('、');
  const mode = added.length > 1 ? `，${GROUP_SIGN_TEXT[input.signMode]}` : '';
  return [
    { type: 'wait', taskId },
    {
      type: 'add',
      node,
      userIds: added.map((u) => u.id),
      group: { parentId: taskId, kind: input.kind, signMode: input.signMode },
    },
    {
      type: 'log',
      node,
      action: 'add-signer',
      opinion: withOpinion(input.opinion, `${ADD_KIND_TEXT[input.kind]}：${names}${mode}`),
    },
  ];
}

/** The co-signer task `coTaskId` if `userId` added it and it is still pending, else the refusal. */
function removableTask(state: EngineState, coTaskId: string, userId: string): EngineTask {
  const task = state.tasks.find((t) => t.id === coTaskId);
  if (!task) throw new AppError(404, '待办不存在');
  const parent = task.group ? state.tasks.find((t) => t.id === task.group!.parentId) : undefined;
  if (!parent || parent.assigneeId !== userId) throw new AppError(403, '只有加签人可以移除加签人员');
  if (task.status !== 'pending' || parent.status !== 'waiting') throw new AppError(409, '该加签人员已处理，不能移除');
  return task;
}

/** 移除加签: the one who added a co-signer takes them off before they act; an emptied group hands back at once. */
export function planRemoveSigner(
  state: EngineState,
  coTaskId: string,
  userId: string,
  removed: { realName: string },
): Effect[] {
  const task = removableTask(state, coTaskId, userId);
  const node = state.graph.nodes.find((n) => n.id === task.nodeId)!;
  const draft = draftOf(state);
  const mine = draft.tasks.find((t) => t.id === coTaskId)!;
  mine.status = 'cancelled';
  return [
    { type: 'remove', taskId: coTaskId },
    { type: 'log', node, action: 'remove-signer', opinion: `（移除加签：${removed.realName}）` },
    ...planDecided(draft, mine, node, false),
  ];
}

/** The co-signers `userId` added who have not acted yet (the detail offers to remove them). */
export function removableSigners(state: EngineState, userId: string): EngineTask[] {
  const waiting = new Set(
    state.tasks.filter((t) => t.assigneeId === userId && t.status === 'waiting').map((t) => t.id),
  );
  return state.tasks.filter((t) => t.status === 'pending' && t.group && waiting.has(t.group.parentId));
}
