import { eq } from 'drizzle-orm';
import type { ReminderChannel } from '@contract/upms';
import type { Db } from '../../db/client';
import { flowTasks, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { planApprove } from './engine/move-on';
import { planReject, planReturn, planTransfer } from './engine/plan-actions';
import { planAddSigners, planRemoveSigner } from './engine/cosign';
import { planDelegate, planReply } from './engine/delegate';
import { ownPendingTask, type Effect, type EngineState } from './engine/state';
import { nodeById } from './engine/graph';
import { applyEffects, type Attachments } from './apply-effects';
import { requireActiveUsers } from '../upms/service';
import { autoPass } from './auto-pass';
import { lockTaskInstance } from './load';
import { refuseGoneTask } from './gone-task';
import { remindAssignees } from './reminders';
import { IN_APP_ONLY, type ConfiguredChannels } from '../delivery/channels';
import { tellApplicant, type HandlerDecision } from './tell-applicant';

/** One handler action in one transaction: lock the instance, let the engine plan on what is there now, apply the plan. */
async function act(
  tx: Db,
  userId: string,
  taskId: string,
  decision: HandlerDecision | null,
  plan: (state: EngineState) => Effect[] | Promise<Effect[]>,
  extra: {
    chosen?: string[];
    attachments?: Attachments;
    channels?: ReminderChannel[];
    configured?: ConfiguredChannels;
    signed?: boolean;
  } = {},
) {
  const { instance, state } = await lockTaskInstance(tx, taskId);
  await refuseGoneTask(tx, state, instance.id, taskId, userId);
  const signImg = extra.signed ? await signatureFor(tx, state, taskId, userId) : null;
  const effects = await plan(state);
  // a stand-in's step names whom they acted for (王五（代 李四）); read after the plan, which checked the task is theirs
  const [acted] = await tx
    .select({ assigneeId: flowTasks.assigneeId, onBehalfOfId: flowTasks.onBehalfOfId })
    .from(flowTasks)
    .where(eq(flowTasks.id, taskId));
  const { notified, assigned, finished } = await autoPass(
    tx,
    instance.id,
    state.graph.autoPass,
    await applyEffects(
      tx,
      {
        instance,
        autoPass: state.graph.autoPass,
        actorId: userId,
        // 移除加签 acts on the co-signer's task, not the actor's own
        onBehalfOfId: acted?.assigneeId === userId ? acted.onBehalfOfId : null,
        chosen: extra.chosen,
        attachments: extra.attachments,
        signImg,
      },
      effects,
    ),
  );
  // no channels chosen (驳回, 退回, 移除加签 offer none) records no reminder, so the in-app default is never used to send
  const reminder = await remindAssignees(
    tx,
    extra.configured ?? IN_APP_ONLY,
    userId,
    instance,
    assigned,
    extra.channels ?? [],
  );
  const told = decision ? await tellApplicant(tx, userId, instance, decision, finished) : null;
  // the applicant's open detail and lists refresh live after every decision, not only the final one
  return {
    instanceId: instance.id,
    notified: told ? [...new Set([...notified, instance.initiatorId])] : notified,
    finished,
    reminder,
    told,
  };
}

export const NO_SIGNATURE = '该环节需要签名，请先在「我的」中设置签名';

/**
 * The handler's signature (spec signImg) when their node asks for one: a decision there carries it into the trace, and
 * without one the decision is refused. Who may act is answered first, so an outsider still hears 403, not this.
 */
async function signatureFor(tx: Db, state: EngineState, taskId: string, userId: string): Promise<string | null> {
  const task = ownPendingTask(state, taskId, userId);
  if (!nodeById(state.graph, task.nodeId).needSign) return null;
  const [me] = await tx.select({ signImg: users.signImg }).from(users).where(eq(users.id, userId));
  if (!me?.signImg) throw new AppError(400, NO_SIGNATURE);
  return me.signImg;
}

/** 同意 (or 重新提交 on a returned instance): completes the node when its sign mode says so, then moves on. */
export function approveTask(
  tx: Db,
  userId: string,
  taskId: string,
  body: {
    opinion: string;
    attachments: Attachments;
    formData?: Record<string, unknown>;
    chosenAssignees: string[];
    channels?: ReminderChannel[];
  },
  configured: ConfiguredChannels,
) {
  return act(tx, userId, taskId, 'approve', (state) => planApprove(state, taskId, userId, body), {
    chosen: body.chosenAssignees,
    attachments: body.attachments,
    channels: body.channels,
    configured,
    signed: true,
  });
}

/** 驳回: the instance ends rejected. */
export function rejectTask(
  tx: Db,
  userId: string,
  taskId: string,
  body: { opinion: string; attachments: Attachments },
) {
  return act(tx, userId, taskId, 'reject', (state) => planReject(state, taskId, userId, body.opinion), {
    attachments: body.attachments,
    signed: true,
  });
}

/** 退回: to the initiator (我的退回) or to an earlier approval node, whose handlers get the task again. */
export function returnTask(
  tx: Db,
  userId: string,
  taskId: string,
  body: { opinion: string; attachments: Attachments; targetNodeId: string },
) {
  return act(tx, userId, taskId, 'return', (state) => planReturn(state, taskId, userId, body), {
    attachments: body.attachments,
    signed: true,
  });
}

/** 转办: the task moves to another person on the same node (shown in the transferor's 已转办), who is reminded on the chosen channels. */
export function transferTask(
  tx: Db,
  userId: string,
  taskId: string,
  body: { opinion: string; toUserId: string; channels?: ReminderChannel[] },
  configured: ConfiguredChannels,
) {
  return act(
    tx,
    userId,
    taskId,
    'transfer',
    async (state) => {
      // who may act is answered before anything about the people named
      ownPendingTask(state, taskId, userId);
      if (body.toUserId === userId) throw new AppError(400, '不能转办给自己');
      const [to] = await requireActiveUsers(tx, [body.toUserId]);
      return planTransfer(state, taskId, userId, { opinion: body.opinion, to: to! });
    },
    { channels: body.channels, configured },
  );
}

/** 加签: a group decides before (前加签) or after (后加签) the handler, by the group's own sign mode; they are reminded on the chosen channels. */
export function addSigners(
  tx: Db,
  userId: string,
  taskId: string,
  body: {
    opinion: string;
    userIds: string[];
    kind: 'before' | 'after';
    signMode: 'all' | 'any';
    channels?: ReminderChannel[];
  },
  configured: ConfiguredChannels,
) {
  return act(
    tx,
    userId,
    taskId,
    null,
    async (state) => {
      ownPendingTask(state, taskId, userId);
      const people = await requireActiveUsers(tx, body.userIds);
      return planAddSigners(state, taskId, userId, {
        opinion: body.opinion,
        users: people,
        kind: body.kind,
        signMode: body.signMode,
      });
    },
    { channels: body.channels, configured },
  );
}

/** 移除加签: the one who added a co-signer takes them off before they act (`coTaskId` is the co-signer's task). */
export function removeSigner(tx: Db, userId: string, coTaskId: string) {
  return act(tx, userId, coTaskId, null, async (state) => {
    const task = state.tasks.find((t) => t.id === coTaskId);
    const [person] = task
      ? await tx.select({ realName: users.realName }).from(users).where(eq(users.id, task.assigneeId))
      : [];
    return planRemoveSigner(state, coTaskId, userId, { realName: person?.realName ?? '' });
  });
}

/**
 * A decision the system takes for the handler when their node's time limit runs out: the same plan as theirs with
 * the reason as the opinion, no signature, and the next handlers reminded in the app.
 */
export function decideOnExpiry(
  tx: Db,
  handlerId: string,
  taskId: string,
  decision: { kind: 'approve' | 'reject'; opinion: string } | { kind: 'transfer'; opinion: string; toUserId: string },
) {
  const target = decision.kind === 'transfer' ? decision.toUserId : '';
  return act(
    tx,
    handlerId,
    taskId,
    decision.kind,
    async (state) => {
      if (decision.kind === 'approve') return planApprove(state, taskId, handlerId, { opinion: decision.opinion });
      if (decision.kind === 'reject') return planReject(state, taskId, handlerId, decision.opinion);
      const [to] = await requireActiveUsers(tx, [target]);
      return planTransfer(state, taskId, handlerId, { opinion: decision.opinion, to: to! });
    },
    { channels: ['app'], configured: IN_APP_ONLY },
  );
}

/** 委派: one person gives their opinion on the task (reminded on the chosen channels); the handler decides after it. */
export function delegateTask(
  tx: Db,
  userId: string,
  taskId: string,
  body: { opinion: string; userId: string; channels?: ReminderChannel[] },
  configured: ConfiguredChannels,
) {
  return act(
    tx,
    userId,
    taskId,
    null,
    async (state) => {
      ownPendingTask(state, taskId, userId);
      const [to] = await requireActiveUsers(tx, [body.userId]);
      return planDelegate(state, taskId, userId, { opinion: body.opinion, to: to! });
    },
    { channels: body.channels, configured },
  );
}

/** 回复委派: the delegate's opinion goes back to the handler, whose task is in their 待办 again, on top. */
export function replyDelegation(tx: Db, userId: string, taskId: string, body: { opinion: string }) {
  return act(tx, userId, taskId, null, (state) => planReply(state, taskId, userId, body.opinion));
}
