import { and, arrayContains, asc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { flowInstances, flowProxies, flowTasks } from '../../db/schema';
import { routeTask } from './proxy-routing';

/*
 * 审批代理 over time. New tasks are routed when they are made (proxy-routing.ts), so a window that opens or closes
 * needs no work for them; what needs work are tasks already made: the waiting ones a proxy with include_waiting takes
 * over when it opens, and the ones stand-ins still hold when it ends or is deleted, which go back to the person they
 * were meant for (or on along what remains of a chain). Opening and closing are each claimed once, by an UPDATE of
 * the proxy row, so two server processes sweeping together move each task once.
 */

/** Routes the tasks `where` selects again from the person each was meant for; answers whose lists changed. */
export async function rerouteTasks(tx: Db, where: SQL): Promise<string[]> {
  const candidates = await tx.selectDistinct({ id: flowTasks.instanceId }).from(flowTasks).where(where);
  if (candidates.length === 0) return [];
  // the instances are locked as an action locks them (in id order, so two sweeps never wait on each other in a ring),
  // then the tasks read again: one handled meanwhile is not moved
  await tx
    .select({ id: flowInstances.id })
    .from(flowInstances)
    .where(
      inArray(
        flowInstances.id,
        candidates.map((c) => c.id),
      ),
    )
    .orderBy(asc(flowInstances.id))
    .for('update');
  const tasks = await tx
    .select({
      id: flowTasks.id,
      instanceId: flowTasks.instanceId,
      nodeId: flowTasks.nodeId,
      assigneeId: flowTasks.assigneeId,
      onBehalfOfId: flowTasks.onBehalfOfId,
      definitionId: flowInstances.definitionId,
      initiatorId: flowInstances.initiatorId,
    })
    .from(flowTasks)
    .innerJoin(flowInstances, eq(flowInstances.id, flowTasks.instanceId))
    .where(and(where, eq(flowInstances.status, 'running')));
  const notified: string[] = [];
  for (const task of tasks) {
    const meantFor = task.onBehalfOfId ?? task.assigneeId;
    const routed = await routeTask(tx, meantFor, task);
    if (routed.assigneeId === task.assigneeId) continue;
    // one person, one task on a node: when the new holder already has one there, this one stays where it is
    const [clash] = await tx
      .select({ id: flowTasks.id })
      .from(flowTasks)
      .where(
        and(
          eq(flowTasks.instanceId, task.instanceId),
          eq(flowTasks.nodeId, task.nodeId),
          eq(flowTasks.assigneeId, routed.assigneeId),
          inArray(flowTasks.status, ['pending', 'waiting']),
        ),
      );
    if (clash) continue;
    await tx
      .update(flowTasks)
      .set({
        assigneeId: routed.assigneeId,
        onBehalfOfId: routed.onBehalfOfId,
        proxyIds: routed.onBehalfOfId ? routed.proxyIds : null,
      })
      .where(eq(flowTasks.id, task.id));
    notified.push(task.assigneeId, routed.assigneeId);
  }
  return notified;
}

/** The open tasks stand-ins hold through `proxyId`: when it ends they are routed again. */
export const heldThrough = (proxyId: string) =>
  and(
    isNotNull(flowTasks.onBehalfOfId),
    inArray(flowTasks.status, ['pending', 'waiting']),
    arrayContains(flowTasks.proxyIds, [proxyId]),
  )!;

/** The pending tasks of a proxy's person in its scope, which it takes over when it opens (include_waiting). */
export function waitingFor(proxy: { userId: string; definitionIds: string[] | null }): SQL {
  return and(
    eq(flowTasks.assigneeId, proxy.userId),
    eq(flowTasks.status, 'pending'),
    sql`not ${flowTasks.returnedToInitiator}`,
    proxy.definitionIds
      ? sql`${flowTasks.instanceId} in (select ${flowInstances.id} from ${flowInstances} where ${inArray(flowInstances.definitionId, proxy.definitionIds)})`
      : undefined,
  )!;
}

const ended = (now: Date) => and(isNull(flowProxies.closedAt), lte(flowProxies.endAt, now));
const opening = (now: Date) =>
  and(
    isNull(flowProxies.openedAt),
    eq(flowProxies.includeWaiting, true),
    lte(flowProxies.startAt, now),
    isNull(flowProxies.closedAt),
  );

/**
 * Closes the proxies that have ended and opens those whose window began, each once across processes; answers whose
 * lists changed. Cheap when nothing is due (one indexed look), so lists, details and actions call it before they read.
 */
export async function sweepProxies(db: Db, now = new Date()): Promise<string[]> {
  const [due] = await db
    .select({ id: flowProxies.id })
    .from(flowProxies)
    .where(or(ended(now), opening(now)))
    .limit(1);
  if (!due) return [];
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(flowProxies)
      .set({ closedAt: now })
      .where(ended(now))
      .returning({ id: flowProxies.id });
    const opened = await tx
      .update(flowProxies)
      .set({ openedAt: now })
      .where(opening(now))
      .returning({ userId: flowProxies.userId, definitionIds: flowProxies.definitionIds });
    const notified: string[] = [];
    for (const proxy of closed) notified.push(...(await rerouteTasks(tx, heldThrough(proxy.id))));
    for (const proxy of opened) notified.push(...(await rerouteTasks(tx, waitingFor(proxy))));
    return [...new Set(notified)];
  });
}

// 审批代理 windows that end while nobody reads a list still hand their tasks back (and the badges follow) this soon
const PROXY_SWEEP_MS = 60_000;

/**
 * The sweep as the routes run it: before lists, details and actions read (the function answered), and every
 * PROXY_SWEEP_MS; `publish` tells whose lists changed. A failure only logs.
 */
export function proxySweeper(app: FastifyInstance, publish: (ids: string[]) => Promise<unknown>): () => Promise<void> {
  const settle = () =>
    sweepProxies(app.db)
      .then(async (ids) => void (ids.length ? await publish(ids) : undefined))
      .catch((error: unknown) => app.log.error(error, 'flow proxy sweep failed'));
  const sweeper = setInterval(() => void settle(), PROXY_SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', () => clearInterval(sweeper));
  return settle;
}
