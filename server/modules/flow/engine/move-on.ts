import type { FlowNode } from '@contract/flow';
import { formProblem, pickFormFields } from '@contract/flow-form-rules';
import { AppError } from '../../../lib/app-error';
import { advanceFrom, nodeById, startNode } from './graph';
import { nodeCompletes } from './sign-mode';
import {
  refuseDelegated,
  draftOf,
  finishTask,
  isOpen,
  openOn,
  openTasks,
  ownPendingTask,
  type Effect,
  type EngineState,
  type EngineTask,
} from './state';

// approvals first: a join reached in the same step must see the branches opened beside it
const rank = (node: FlowNode) => (node.type === 'approval' ? 0 : node.type === 'join' ? 1 : 2);

/**
 * What follows a completed node: copies on the way, the approval nodes to open (several after a parallel split), a
 * join that goes on only when no branch has open work, or the end. Updates `draft` as it plans.
 */
export function planMoveOn(draft: EngineState, from: FlowNode): Effect[] {
  const { stops, copies } = advanceFrom(draft.graph, from, draft.formData);
  const effects: Effect[] = copies.map((node) => ({ type: 'copy', node }));
  for (const stop of [...stops].sort((a, b) => rank(a) - rank(b))) {
    if (stop.type === 'approval') {
      effects.push({ type: 'open', node: stop });
      // a stand-in for the handlers' tasks: opening never leaves a node without one (the service refuses instead)
      draft.tasks.push({ id: `planned:${stop.id}`, nodeId: stop.id, assigneeId: '', status: 'pending' });
      draft.status = 'running';
    } else if (stop.type === 'join') {
      if (openTasks(draft).length > 0) continue;
      effects.push(...planMoveOn(draft, stop));
    } else if (stop.type === 'end' && draft.status !== 'approved') {
      // a branch that skips its join may end the instance: nothing may stay open in anyone's 待办
      if (openTasks(draft).length > 0) effects.push({ type: 'cancel-all' });
      for (const t of openTasks(draft)) t.status = 'cancelled';
      effects.push({ type: 'finish', status: 'approved' });
      draft.status = 'approved';
    }
  }
  return effects;
}

/** 提交: the initiator submits a draft; the start node is left at once. */
export function planSubmit(state: EngineState, userId: string): Effect[] {
  if (state.initiatorId !== userId) throw new AppError(403, '只有发起人可以提交');
  if (state.status !== 'draft') throw new AppError(409, '该草稿已提交');
  const problem = formProblem(state.formSchema, state.formData);
  if (problem) throw new AppError(400, problem);
  const draft = draftOf(state);
  draft.status = 'running';
  const start = startNode(state.graph);
  return [{ type: 'log', node: start, action: 'submit', opinion: '' }, ...planMoveOn(draft, start)];
}

/** The form fields a handler may change on a node: all of them for the initiator at the start node. */
export function editableFieldsOf(state: EngineState, node: FlowNode): string[] {
  return node.type === 'start' ? state.formSchema.map((f) => f.key) : (node.editableFields ?? []);
}

export interface ApproveInput {
  opinion: string;
  /** changed values of the fields the node lets its handler edit; other keys are ignored */
  formData?: Record<string, unknown>;
}

/** 同意 (重新提交 at the start node): closes the task; the node completes when its sign mode says so, then moves on. */
export function planApprove(state: EngineState, taskId: string, userId: string, input: ApproveInput): Effect[] {
  const task = ownPendingTask(state, taskId, userId);
  refuseDelegated(task);
  const node = nodeById(state.graph, task.nodeId);
  const atStart = node.type === 'start';
  if (node.opinionRequired && !input.opinion.trim()) throw new AppError(400, '请填写审批意见');
  const draft = draftOf(state);
  const effects: Effect[] = [];
  const editable = editableFieldsOf(state, node);
  if (input.formData && editable.length > 0) {
    const changes = pickFormFields(
      state.formSchema.filter((f) => editable.includes(f.key)),
      input.formData,
    );
    draft.formData = { ...state.formData, ...changes };
    const problem = formProblem(state.formSchema, draft.formData);
    if (problem) throw new AppError(400, problem);
    effects.push({ type: 'form', formData: draft.formData });
  }
  const action = atStart ? 'resubmit' : 'approve';
  effects.push(...finishTask(taskId, node, action, input.opinion));
  const mine = draft.tasks.find((t) => t.id === taskId)!;
  mine.status = 'done';
  draft.actions.push(action);
  return [...effects, ...planDecided(draft, mine, node, true)];
}

/**
 * After `task` has finally approved (or, with `approved` false, after a co-signer was removed from its group): a 加签
 * group settles by its own sign mode and hands back to the one who asked (前加签: they decide now; 后加签: their
 * approval counts now); a task of the node itself completes the node by the node's sign mode, then work moves on.
 */
export function planDecided(draft: EngineState, task: EngineTask, node: FlowNode, approved: boolean): Effect[] {
  const effects: Effect[] = [];
  const { group } = task;
  if (group) {
    const open = draft.tasks.filter(
      (t) => t.group?.parentId === group.parentId && t.group.kind === group.kind && isOpen(t),
    );
    const settles = approved ? nodeCompletes(group.signMode, open.length) : open.length === 0;
    if (!settles) return effects;
    if (open.length > 0) {
      // 或签 group: the others' tasks close with a trace step of their own
      effects.push({ type: 'close-tasks', node, taskIds: open.map((t) => t.id) });
      for (const t of open) t.status = 'cancelled';
    }
    const parent = draft.tasks.find((t) => t.id === group.parentId)!;
    // after 前加签 and 委派 the one who asked decides now; after 后加签 their approval stands
    if (group.kind !== 'after') {
      parent.status = 'pending';
      return [...effects, { type: 'resume', taskId: parent.id }];
    }
    parent.status = 'done';
    return [...effects, { type: 'settle', taskId: parent.id }, ...planDecided(draft, parent, node, true)];
  }
  const atStart = node.type === 'start';
  const left = openOn(draft, node.id);
  if (!atStart && !nodeCompletes(node.signMode, left.length)) return effects;
  if (left.length > 0) {
    // 或签: the others on this node (and any group they added) are done too; parallel branches elsewhere keep theirs
    effects.push({ type: 'cancel-node', nodeId: node.id, nodeName: node.name });
    for (const t of left) t.status = 'cancelled';
  }
  if (atStart) draft.status = 'running';
  return [...effects, ...planMoveOn(draft, node)];
}
