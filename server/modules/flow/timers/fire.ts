import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { NodeTimeLimit } from '@contract/flow-schemas';
import type { FlowGraph } from '@contract/flow';
import type { Db } from '../../../db/client';
import { flowDefinitions, flowInstances, flowTasks, flowTaskTimers, users } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { IN_APP_ONLY, type ConfiguredChannels } from '../../delivery/channels';
import { recordMessage } from '../../message/service';
import { decideOnExpiry } from '../action-service';
import { departmentHead } from '../assignees';
import { writeLog } from '../load';

export type TimerKind = 'remind' | 'escalate' | 'expire';
export interface Fired {
  timerId: string;
  kind: TimerKind;
  instanceId: string;
  /** what happened, as the timer row records it */
  outcome: string;
}

const link = (instanceId: string) => `/followWaitDetail?instanceId=${instanceId}`;
const EXPIRY_TEXT = { approve: '系统自动通过', reject: '系统自动驳回', transfer: '系统自动转交' } as const;

/** The oldest due timer no other process holds, locked for this transaction (its task and request beside it). */
async function claimDue(tx: Db) {
  const [row] = await tx
    .select({
      id: flowTaskTimers.id,
      kind: flowTaskTimers.kind,
      taskId: flowTasks.id,
      taskStatus: flowTasks.status,
      nodeId: flowTasks.nodeId,
      nodeName: flowTasks.nodeName,
      assigneeId: flowTasks.assigneeId,
      instanceId: flowInstances.id,
      title: flowInstances.title,
      initiatorId: flowInstances.initiatorId,
      graph: flowDefinitions.graph,
    })
    .from(flowTaskTimers)
    .innerJoin(flowTasks, eq(flowTasks.id, flowTaskTimers.taskId))
    .innerJoin(flowInstances, eq(flowInstances.id, flowTasks.instanceId))
    .innerJoin(flowDefinitions, eq(flowDefinitions.id, flowInstances.definitionId))
    .where(and(sql`${flowTaskTimers.status} = 'pending'`, lte(flowTaskTimers.dueAt, sql`now()`)))
    .orderBy(asc(flowTaskTimers.dueAt))
    .limit(1)
    .for('update', { of: flowTaskTimers, skipLocked: true });
  return row;
}
type Due = NonNullable<Awaited<ReturnType<typeof claimDue>>>;

const limitOf = (due: Due): NodeTimeLimit =>
  (due.graph as FlowGraph).nodes.find((n) => n.id === due.nodeId)?.timeLimit ?? {};

async function nameOf(tx: Db, userId: string): Promise<string> {
  const [row] = await tx.select({ name: users.realName }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

async function remind(tx: Db, due: Due, configured: ConfiguredChannels): Promise<string> {
  await recordMessage(tx, configured, due.initiatorId, {
    title: `待办即将超时：${due.title}`,
    content: `「${due.title}」在「${due.nodeName}」等待你处理，已接近处理时限，请尽快处理`,
    receiverIds: [due.assigneeId],
    channels: [...configured],
    link: link(due.instanceId),
  });
  return '已提醒处理人';
}

async function escalate(tx: Db, due: Due, configured: ConfiguredChannels): Promise<string> {
  const [head] = await departmentHead(tx, due.assigneeId);
  const handler = await nameOf(tx, due.assigneeId);
  if (!head) return '处理人没有部门负责人，未上报';
  const headName = await nameOf(tx, head);
  await recordMessage(tx, configured, due.initiatorId, {
    title: `超时上报：${due.title}`,
    content: `${handler}的待办「${due.title}」（${due.nodeName}）已超过处理时限，请督办`,
    receiverIds: [head],
    channels: [...configured],
    link: link(due.instanceId),
  });
  await writeLog(tx, {
    instanceId: due.instanceId,
    nodeId: due.nodeId,
    nodeName: due.nodeName,
    actorId: due.assigneeId,
    action: 'timeout',
    opinion: `超过处理时限，已上报部门负责人${headName}`,
  });
  return `已上报${headName}`;
}

/** On expiry the node's rule decides for the handler; a decision the engine refuses leaves the task overdue. */
async function expire(tx: Db, due: Due): Promise<string> {
  const limit = limitOf(due);
  if (!limit.onExpire) return '已超时';
  const opinion = `${EXPIRY_TEXT[limit.onExpire]}：超过处理时限`;
  const decision =
    limit.onExpire === 'transfer'
      ? { kind: 'transfer' as const, opinion, toUserId: limit.transferTo! }
      : { kind: limit.onExpire, opinion };
  try {
    // a savepoint: a refused decision rolls back alone and the timer still records why
    await tx.transaction((sp) => decideOnExpiry(sp, due.assigneeId, due.taskId, decision));
    return EXPIRY_TEXT[limit.onExpire];
  } catch (error) {
    if (error instanceof AppError) return `${EXPIRY_TEXT[limit.onExpire]}未成功：${error.message}`;
    throw error;
  }
}

/**
 * Fires at most one due timer, in one transaction with its effect: claimed with SKIP LOCKED, so two processes never
 * fire the same one, and a process killed half-way leaves it pending for the next. Null when nothing is due.
 */
export async function fireOneDue(db: Db, configured: ConfiguredChannels = IN_APP_ONLY): Promise<Fired | null> {
  return db.transaction(async (tx) => {
    const due = await claimDue(tx);
    if (!due) return null;
    const kind = due.kind as TimerKind;
    const pending = due.taskStatus === 'pending';
    const outcome = !pending
      ? '待办已处理，未执行'
      : kind === 'remind'
        ? await remind(tx, due, configured)
        : kind === 'escalate'
          ? await escalate(tx, due, configured)
          : await expire(tx, due);
    await tx
      .update(flowTaskTimers)
      .set({ status: pending ? 'fired' : 'skipped', firedAt: sql`now()`, outcome })
      .where(eq(flowTaskTimers.id, due.id));
    return { timerId: due.id, kind, instanceId: due.instanceId, outcome };
  });
}
