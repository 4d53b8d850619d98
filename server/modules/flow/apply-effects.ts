import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowInstances, flowLogs, flowReads, flowTasks } from '../../db/schema';
import type { AutoPassRules } from '@contract/flow-schemas';
import type { Effect, SignGroup } from './engine/state';

/** Task states that still hold work (a 加签 asker waits for their group). */
const OPEN = ['pending', 'waiting'];
import { requireAssignees, resolveAssignees } from './assignees';
import { writeLog } from './load';
import { runFinishHandlers } from './finish-hooks';
import { scheduleTimers } from './timers/schedule';
import { routeAll } from './proxy-routing';

// the steps a signature belongs to (not a 加签 or a closed sibling written in the same action)
const DECISIONS = new Set<string>(['approve', 'reject', 'return']);

export type Attachments = { fileName: string; attachName: string }[];

export interface ApplyContext {
  instance: { id: string; title: string; initiatorId: string; definitionId: string };
  actorId: string;
  /** the definition's 自动通过 rules: what a node nobody can handle does (auto-pass.ts passes the rest) */
  autoPass?: AutoPassRules | null;
  /** the person the actor's task was meant for, when the actor stands in for them (审批代理) */
  onBehalfOfId?: string | null;
  /** handlers the actor chose for a node whose rule is `chosen` */
  chosen?: string[];
  /** the actor's files, kept on the step of the trace this action writes */
  attachments?: Attachments;
  /** the actor's signature, when their node asks for one: kept on their decision's step of the trace */
  signImg?: string | null;
}

export interface Applied {
  /** everyone whose lists or counts changed (the live connections tell them) */
  notified: string[];
  /** people the action gave a new task (they get the 待办 reminder) */
  assigned: string[];
  finished: boolean;
  /** approval nodes opened with nobody to handle them, given to the applicant to pass (自动通过 empty: pass) */
  emptyNodes: string[];
}

async function pendingAssignees(tx: Db, instanceId: string, nodeId?: string): Promise<string[]> {
  const rows = await tx
    .select({ id: flowTasks.assigneeId })
    .from(flowTasks)
    .where(
      and(
        eq(flowTasks.instanceId, instanceId),
        inArray(flowTasks.status, OPEN),
        nodeId ? eq(flowTasks.nodeId, nodeId) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The people to open a node for: exactly `userIds` when the engine names them (and they are still active), else its
 * rule; when that names nobody, the definition's 自动通过 rule says: refuse, the admins, or the applicant (to pass).
 */
async function handlersOf(
  tx: Db,
  ctx: ApplyContext,
  effect: Extract<Effect, { type: 'open' }>,
): Promise<{ ids: string[]; empty: boolean }> {
  const { node } = effect;
  const { initiatorId } = ctx.instance;
  if (effect.userIds) {
    const active = await resolveAssignees(tx, { type: 'users', userIds: effect.userIds }, initiatorId, []);
    if (active.length > 0) return { ids: active, empty: false };
  }
  const ids = await resolveAssignees(tx, node.assignee!, initiatorId, ctx.chosen ?? []);
  const empty = ctx.autoPass?.empty ?? 'refuse';
  if (ids.length > 0 || node.assignee!.type === 'chosen' || empty === 'refuse')
    return { ids: requireAssignees(ids, node.name, node.assignee!), empty: false };
  if (empty === 'pass') return { ids: [initiatorId], empty: true };
  const admins = await resolveAssignees(tx, { type: 'role', role: 'admin' }, initiatorId, []);
  return { ids: requireAssignees(admins, node.name, node.assignee!), empty: false };
}

/** Applies the engine's plan to the tables, in order, inside the caller's transaction (the instance row is locked). */
export async function applyEffects(tx: Db, ctx: ApplyContext, effects: Effect[]): Promise<Applied> {
  const { instance } = ctx;
  const notified: string[] = [];
  const assigned: string[] = [];
  const emptyNodes: string[] = [];
  const now = new Date();
  let set: Partial<typeof flowInstances.$inferInsert> = {};
  let finished = false;
  // every new handler's task goes to their stand-in while a proxy of theirs is open (the applicant's own task never)
  const insertTasks = async (nodeId: string, nodeName: string, ids: string[], group?: SignGroup | null) => {
    const routed = await routeAll(tx, ids, instance);
    const rows = await tx
      .insert(flowTasks)
      .values(
        routed.map(({ assigneeId, onBehalfOfId, proxyIds }) => ({
          instanceId: instance.id,
          nodeId,
          nodeName,
          assigneeId,
          title: instance.title,
          ...(onBehalfOfId ? { onBehalfOfId, proxyIds } : {}),
          ...(group ? { parentTaskId: group.parentId, addKind: group.kind, groupSignMode: group.signMode } : {}),
        })),
      )
      .returning({ id: flowTasks.id });
    return { assignees: routed.map((r) => r.assigneeId), taskIds: rows.map((r) => r.id) };
  };
  const insertOwnTask = (nodeId: string, nodeName: string) =>
    tx
      .insert(flowTasks)
      .values({ instanceId: instance.id, nodeId, nodeName, assigneeId: instance.initiatorId, title: instance.title });
  const setTask = async (taskId: string, values: Partial<typeof flowTasks.$inferInsert>) => {
    const [row] = await tx
      .update(flowTasks)
      .set(values)
      .where(eq(flowTasks.id, taskId))
      .returning({ assigneeId: flowTasks.assigneeId });
    if (row) notified.push(row.assigneeId);
    return row?.assigneeId;
  };
  for (const effect of effects) {
    switch (effect.type) {
      case 'close':
        await tx
          .update(flowTasks)
          .set({ status: effect.status, action: effect.action, handledAt: now })
          .where(eq(flowTasks.id, effect.taskId));
        break;
      case 'wait':
        await setTask(effect.taskId, { status: 'waiting', action: effect.action ?? 'add-signer' });
        break;
      case 'resume': {
        // back in the asker's 待办, on top: it is theirs to decide now
        const asker = await setTask(effect.taskId, { status: 'pending', action: null, createdAt: new Date() });
        if (asker) assigned.push(asker);
        break;
      }
      case 'settle':
        await setTask(effect.taskId, { status: 'done', action: 'approve', handledAt: now });
        break;
      case 'remove':
        await setTask(effect.taskId, { status: 'cancelled', handledAt: now });
        break;
      case 'close-tasks': {
        const rows = await tx
          .update(flowTasks)
          .set({ status: 'cancelled', handledAt: now })
          .where(and(inArray(flowTasks.id, effect.taskIds), inArray(flowTasks.status, ['pending', 'waiting'])))
          .returning({ assigneeId: flowTasks.assigneeId });
        notified.push(...rows.map((r) => r.assigneeId));
        const at = new Date();
        if (rows.length > 0)
          await tx.insert(flowLogs).values(
            rows.map((r) => ({
              instanceId: instance.id,
              nodeId: effect.node.id,
              nodeName: effect.node.name,
              actorId: r.assigneeId,
              action: 'closed',
              opinion: '因他人已处理而关闭',
              createdAt: at,
            })),
          );
        break;
      }
      case 'cancel-node':
      case 'cancel-all': {
        const nodeId = effect.type === 'cancel-node' ? effect.nodeId : undefined;
        const closing = await pendingAssignees(tx, instance.id, nodeId);
        notified.push(...closing);
        // a sibling closed because another handler decided the node keeps a step in the trace; stamped after the
        // decision that closed it (the transaction's own clock is the same for every row it writes)
        if (nodeId && closing.length > 0) {
          const at = new Date();
          const nodeName = effect.type === 'cancel-node' ? effect.nodeName : '';
          await tx.insert(flowLogs).values(
            closing.map((actorId) => ({
              instanceId: instance.id,
              nodeId,
              nodeName,
              actorId,
              action: 'closed',
              opinion: '因他人已处理而关闭',
              createdAt: at,
            })),
          );
        }
        await tx
          .update(flowTasks)
          .set({ status: 'cancelled', handledAt: now })
          .where(
            and(
              eq(flowTasks.instanceId, instance.id),
              inArray(flowTasks.status, OPEN),
              nodeId ? eq(flowTasks.nodeId, nodeId) : undefined,
            ),
          );
        break;
      }
      case 'copy': {
        const ids = await resolveAssignees(tx, effect.node.copyTo!, instance.initiatorId, []);
        if (ids.length === 0) break;
        await tx.insert(flowReads).values(
          ids.map((userId) => ({
            instanceId: instance.id,
            userId,
            kind: effect.node.copyKind ?? 'copy',
            nodeName: effect.node.name,
            title: instance.title,
          })),
        );
        notified.push(...ids);
        break;
      }
      case 'open': {
        const atStart = effect.node.type === 'start';
        let ids: string[];
        if (atStart) {
          await insertOwnTask(effect.node.id, effect.node.name);
          ids = [instance.initiatorId];
        } else {
          const handlers = await handlersOf(tx, ctx, effect);
          // the applicant holds a node nobody can handle only to pass it (auto-pass.ts): no stand-in takes it
          if (handlers.empty) {
            await insertOwnTask(effect.node.id, effect.node.name);
            emptyNodes.push(effect.node.id);
            ids = handlers.ids;
          } else {
            const opened = await insertTasks(effect.node.id, effect.node.name, handlers.ids);
            ids = opened.assignees;
            if (effect.node.timeLimit) await scheduleTimers(tx, opened.taskIds, effect.node.timeLimit, now);
          }
        }
        notified.push(...ids);
        assigned.push(...ids);
        set = { ...set, status: atStart ? 'returned' : 'running', currentNodeId: effect.node.id };
        break;
      }
      case 'add': {
        const ids = (await insertTasks(effect.node.id, effect.node.name, effect.userIds, effect.group)).assignees;
        notified.push(...ids);
        assigned.push(...ids);
        break;
      }
      case 'form':
        set = { ...set, formData: effect.formData };
        break;
      case 'finish':
        set = { ...set, status: effect.status, currentNodeId: null, finishedAt: now };
        notified.push(instance.initiatorId);
        finished = true;
        await runFinishHandlers(tx, { instanceId: instance.id, status: effect.status });
        break;
      case 'log':
        await writeLog(tx, {
          instanceId: instance.id,
          nodeId: effect.node.id,
          nodeName: effect.node.name,
          actorId: ctx.actorId,
          action: effect.action,
          opinion: effect.opinion,
          attachments: ctx.attachments,
          signImg: DECISIONS.has(effect.action) ? ctx.signImg : null,
          onBehalfOfId: ctx.onBehalfOfId ?? null,
        });
        break;
    }
  }
  // every action moves the version on, so a client holding an older detail can tell it changed
  await tx
    .update(flowInstances)
    .set({ ...set, version: sql`${flowInstances.version} + 1`, updatedAt: now })
    .where(eq(flowInstances.id, instance.id));
  return { notified: [...new Set(notified)], assigned: [...new Set(assigned)], finished, emptyNodes };
}
