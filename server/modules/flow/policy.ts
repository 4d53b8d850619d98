import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';
import { HANDLER_ACTIONS, pendingTasks, type EngineState } from './engine/state';

/*
 * Who may see and do what in 审批, in one place. Each rule answers the refusal (or null): the detail's abilities
 * show an action exactly when its refusal is null, and the action throws the same refusal, so buttons and API agree.
 * The handler's own actions (同意/驳回/退回/转办/加签) hang on holding the pending task (engine/state.ownPendingTask).
 */

/** What the caller has had to do with an instance, loaded by the service (policy reads no database). */
export interface Involvement {
  initiatorId: string;
  /** the caller had a task on it, in any state */
  hadTask: boolean;
  /** the caller got a copy (待阅/收文) of it */
  hadCopy: boolean;
}

/** 流程管理 (saving definitions) is for admins. */
export function manageDefinitionsRefusal(user: Principal): AppError | null {
  return user.roles.includes('admin') ? null : new AppError(403, '只有管理员可以维护流程');
}

/**
 * An instance is seen by its initiator, anyone who had a task or a copy on it, and admins. Anyone else hears 404 as
 * for a missing one (as in every module): a 403 would tell a stranger that the id exists.
 */
export function viewRefusal(user: Principal, involvement: Involvement): AppError | null {
  if (involvement.initiatorId === user.id || user.roles.includes('admin')) return null;
  return involvement.hadTask || involvement.hadCopy ? null : new AppError(404, '流程不存在');
}

/** True while the instance runs and no handler has acted since the initiator last (re)submitted. */
export function withdrawOpen(state: Pick<EngineState, 'status' | 'actions'>): boolean {
  if (state.status !== 'running') return false;
  const lastSubmit = Math.max(state.actions.lastIndexOf('submit'), state.actions.lastIndexOf('resubmit'));
  if (lastSubmit < 0) return false;
  return !state.actions.slice(lastSubmit + 1).some((a) => HANDLER_ACTIONS.includes(a));
}

/**
 * 撤回: the initiator, while the request is 审批中 (the decisions taken stay in the trace, the open tasks close),
 * unless the definition (graph.withdraw) allows it only until a handler acts, or not at all.
 */
export function withdrawRefusal(state: EngineState, userId: string): AppError | null {
  if (state.initiatorId !== userId) return new AppError(403, '只有发起人可以撤回');
  const rule = state.graph.withdraw ?? 'running';
  if (rule === 'never') return new AppError(409, '该流程不允许撤回');
  if (state.status !== 'running') return new AppError(409, '申请不在审批中，不能撤回');
  return rule === 'running' || withdrawOpen(state) ? null : new AppError(409, '已有人处理，不能撤回');
}

/** 催办: the initiator of a running instance with someone to remind. */
export function urgeRefusal(state: EngineState, userId: string): AppError | null {
  if (state.initiatorId !== userId) return new AppError(403, '只有发起人可以催办');
  if (state.status !== 'running') return new AppError(409, '流程已结束，无需催办');
  return pendingTasks(state).length > 0 ? null : new AppError(409, '当前没有待处理人');
}

/** 抄送 by the applicant: the initiator of a submitted request (running, returned or finished). */
export function addCopyRefusal(state: Pick<EngineState, 'status' | 'initiatorId'>, userId: string): AppError | null {
  if (state.initiatorId !== userId) return new AppError(403, '只有发起人可以抄送');
  return state.status === 'draft' ? new AppError(409, '草稿提交后才能抄送') : null;
}

/** 再次提交: the initiator of a rejected or withdrawn request copies it into a new draft. */
export function copyAgainRefusal(state: Pick<EngineState, 'status' | 'initiatorId'>, userId: string): AppError | null {
  if (state.initiatorId !== userId) return new AppError(403, '只有发起人可以再次提交');
  return state.status === 'rejected' || state.status === 'withdrawn'
    ? null
    : new AppError(409, '只有已驳回或已撤回的申请可以再次提交');
}

/** Throws a rule's refusal. */
export function enforce(refusal: AppError | null): void {
  if (refusal) throw refusal;
}

/**
 * 审批代理 for `target`: they set their own; their department head (of their department or one above it) or an
 * admin may set or end one for them; anyone else is refused.
 */
export function proxyRefusal(user: Principal, target: { id: string; heads: string[] }): AppError | null {
  if (target.id === user.id || user.roles.includes('admin') || target.heads.includes(user.id)) return null;
  return new AppError(403, '只能为本人或本部门人员设置审批代理');
}

/** 假期余额 are set by admins; everyone reads their own. */
export function manageLeaveBalancesRefusal(user: Principal): AppError | null {
  return user.roles.includes('admin') ? null : new AppError(403, '只有管理员可以设置假期余额');
}
