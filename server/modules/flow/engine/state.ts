import type { FlowAction, FlowGraph, FlowNode, FormField, InstanceStatus } from '@contract/flow';
import { AppError } from '../../../lib/app-error';

/** `waiting`: the handler asked for 加签 and waits for the added group (前加签: then decides; 后加签: has decided). */
export type TaskStatus = 'pending' | 'waiting' | 'done' | 'cancelled' | 'transferred';

/**
 * 前加签 (the added people decide before the one who asked), 后加签 (after the one who asked has approved), or 委派 (one
 * person gives an opinion, and the one who asked decides after it, as after 前加签).
 */
export type AddKind = 'before' | 'after' | 'delegate';

/** A 加签 group: the people one task added, with the group's own sign mode. */
export interface SignGroup {
  /** the task of the one who asked */
  parentId: string;
  kind: AddKind;
  signMode: 'all' | 'any';
}

/** A task as the engine sees it: no titles or dates, only who works on which node and how far. */
export interface EngineTask {
  id: string;
  nodeId: string;
  assigneeId: string;
  status: TaskStatus;
  /** set on tasks a 加签 created */
  group?: SignGroup | null;
  /** 审批代理: the person the task was meant for while a stand-in holds it */
  onBehalfOfId?: string | null;
}

/** Everything the engine needs to decide an action: the service loads it (row-locked), the engine never reads a database. */
export interface EngineState {
  graph: FlowGraph;
  formSchema: FormField[];
  status: InstanceStatus;
  initiatorId: string;
  formData: Record<string, unknown>;
  /** every task of the instance, oldest first */
  tasks: EngineTask[];
  /** the actions of the trace, oldest first */
  actions: FlowAction[];
}

/**
 * What an action changes, in the order the service applies it. `open` enters a node: an approval node gets tasks for
 * its handlers (resolved from its assignee rule, or exactly `userIds` when given), the start node gets the initiator's
 * task back (退回). `finish` ends the instance.
 */
export type Effect =
  | { type: 'close'; taskId: string; status: 'done' | 'transferred'; action: FlowAction }
  | { type: 'cancel-node'; nodeId: string; nodeName: string }
  | { type: 'cancel-all' }
  | { type: 'copy'; node: FlowNode }
  | { type: 'open'; node: FlowNode; userIds?: string[] }
  | { type: 'add'; node: FlowNode; userIds: string[]; group?: SignGroup | null }
  | { type: 'wait'; taskId: string; action?: FlowAction }
  | { type: 'resume'; taskId: string }
  | { type: 'settle'; taskId: string }
  | { type: 'close-tasks'; node: FlowNode; taskIds: string[] }
  | { type: 'remove'; taskId: string }
  | { type: 'form'; formData: Record<string, unknown> }
  | { type: 'finish'; status: 'approved' | 'rejected' | 'withdrawn' }
  | { type: 'log'; node: FlowNode; action: FlowAction; opinion: string };

/** Actions by which a handler has acted: after one of them the initiator can no longer withdraw. */
export const HANDLER_ACTIONS: readonly FlowAction[] = [
  'approve',
  'reject',
  'return',
  'transfer',
  'add-signer',
  'remove-signer',
  'delegate',
  'delegate-reply',
];

/** The pending task `taskId` of `userId`, or the 403/404/409 the client shows. */
export function ownPendingTask(state: EngineState, taskId: string, userId: string): EngineTask {
  const task = state.tasks.find((t) => t.id === taskId);
  if (!task) throw new AppError(404, '待办不存在');
  if (task.assigneeId !== userId) throw new AppError(403, '您不是当前处理人');
  // a replayed offline action must say why it no longer applies: a withdrawn request is not something anyone handled
  if (task.status !== 'pending')
    throw new AppError(409, state.status === 'withdrawn' ? '该申请已被发起人撤回' : '该待办已被处理');
  return task;
}

/** A task delegated to its holder (委派) asks for their opinion only: they reply, the one who delegated decides. */
export function refuseDelegated(task: EngineTask): void {
  if (task.group?.kind === 'delegate') throw new AppError(409, '委派给您的待办只能回复意见，由委派人办理');
}

/** Tasks on one node that are not finished: pending, or waiting for a 加签 group. */
export function openOn(state: EngineState, nodeId: string): EngineTask[] {
  return state.tasks.filter((t) => t.nodeId === nodeId && isOpen(t));
}

export const isOpen = (t: EngineTask) => t.status === 'pending' || t.status === 'waiting';

/** Unfinished tasks anywhere in the instance (a join or the end must wait for them). */
export function openTasks(state: EngineState): EngineTask[] {
  return state.tasks.filter(isOpen);
}

/** Pending tasks anywhere in the instance. */
export function pendingTasks(state: EngineState): EngineTask[] {
  return state.tasks.filter((t) => t.status === 'pending');
}

/** Node ids the instance has had tasks on, oldest first (for 退回 targets). */
export function visited(state: EngineState): string[] {
  return state.tasks.map((t) => t.nodeId);
}

/** A copy of the state the planner may change as it goes (a join must see what was opened beside it). */
export function draftOf(state: EngineState): EngineState {
  return { ...state, tasks: state.tasks.map((t) => ({ ...t })), actions: [...state.actions] };
}

/** A handler's own step on their task, the same in every action: the task closes and the trace records it. */
export function finishTask(
  taskId: string,
  node: FlowNode,
  action: FlowAction,
  opinion: string,
  status: 'done' | 'transferred' = 'done',
): Effect[] {
  return [
    { type: 'close', taskId, status, action },
    { type: 'log', node, action, opinion },
  ];
}
