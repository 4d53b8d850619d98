import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { AutoPassRules } from '@contract/flow-schemas';
import type { Db } from '../../db/client';
import { flowLogs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { nodeById } from './engine/graph';
import { planApprove } from './engine/move-on';
import type { EngineState, EngineTask } from './engine/state';
import { applyEffects, type Applied } from './apply-effects';
import { lockInstance } from './load';

/*
 * 自动通过 (the definition's graph.autoPass): after an action has opened nodes, the tasks its rules let through are
 * approved by the system, one at a time (each may open the next node), each a trace step 系统自动通过 with its reason.
 * A pass the engine refuses (the next node wants handlers chosen by the approver) leaves the task to its holder.
 */

export const AUTO_PASS_REASON = {
  empty: '该环节没有处理人',
  applicant: '审批人是申请人',
  repeated: '与上一环节审批人相同',
} as const;

// a graph of 100 nodes at most: this many passes means a loop nobody meant
const MAX_PASSES = 100;

/** Who approved last on another node of the instance (the node before, in a straight line). */
async function lastApprover(tx: Db, instanceId: string, nodeId: string): Promise<string | null> {
  const [row] = await tx
    .select({ actorId: flowLogs.actorId })
    .from(flowLogs)
    .where(
      and(
        eq(flowLogs.instanceId, instanceId),
        ne(flowLogs.nodeId, nodeId),
        inArray(flowLogs.action, ['approve', 'auto-approve']),
      ),
    )
    .orderBy(desc(flowLogs.createdAt))
    .limit(1);
  return row?.actorId ?? null;
}

/** The first pending task the rules let through, with the reason; null when none. */
async function nextPass(
  tx: Db,
  instanceId: string,
  state: EngineState,
  rules: AutoPassRules,
  emptyNodes: Set<string>,
): Promise<{ task: EngineTask; reason: string } | null> {
  for (const task of state.tasks) {
    if (task.status !== 'pending' || task.group) continue;
    const node = nodeById(state.graph, task.nodeId);
    if (node.type !== 'approval') continue;
    const isApplicant = task.assigneeId === state.initiatorId;
    if (isApplicant && emptyNodes.has(node.id)) return { task, reason: AUTO_PASS_REASON.empty };
    if (rules.applicant && isApplicant) return { task, reason: AUTO_PASS_REASON.applicant };
    if (rules.repeated && (await lastApprover(tx, instanceId, node.id)) === task.assigneeId)
      return { task, reason: AUTO_PASS_REASON.repeated };
  }
  return null;
}

/** Runs the definition's 自动通过 rules after `first` was applied; answers everything that changed, both together. */
export async function autoPass(
  tx: Db,
  instanceId: string,
  rules: AutoPassRules | null | undefined,
  first: Applied,
): Promise<Applied> {
  // most definitions have none: no second look at the instance
  if (!rules) return first;
  const notified = [...first.notified];
  const assigned = [...first.assigned];
  const emptyNodes = new Set(first.emptyNodes);
  let finished = first.finished;
  for (let i = 0; i < MAX_PASSES && !finished; i += 1) {
    const { instance, state } = await lockInstance(tx, instanceId);
    if (state.status !== 'running') break;
    const pass = await nextPass(tx, instanceId, state, rules, emptyNodes);
    if (!pass) break;
    const { task, reason } = pass;
    let effects;
    try {
      effects = planApprove(state, task.id, task.assigneeId, { opinion: `系统自动通过：${reason}` });
    } catch (error) {
      if (error instanceof AppError) break;
      throw error;
    }
    const applied = await applyEffects(
      tx,
      { instance, actorId: task.assigneeId, autoPass: rules },
      effects.map((e) => (e.type === 'log' && e.action === 'approve' ? { ...e, action: 'auto-approve' as const } : e)),
    );
    notified.push(...applied.notified);
    assigned.push(...applied.assigned);
    for (const id of applied.emptyNodes) emptyNodes.add(id);
    finished = applied.finished;
  }
  return { notified: [...new Set(notified)], assigned: [...new Set(assigned)], finished, emptyNodes: [] };
}
