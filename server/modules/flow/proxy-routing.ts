import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowProxies, users } from '../../db/schema';

/** Where a task meant for one person goes now: to them, or to their stand-in (审批代理) through the proxies that say so. */
export interface Routed {
  assigneeId: string;
  /** the person it was meant for, when a stand-in holds it */
  onBehalfOfId: string | null;
  /** the proxies that moved it, first link first (empty: nobody stands in) */
  proxyIds: string[];
}

// a chain longer than this is a configuration nobody meant; it stops where it got to
const MAX_LINKS = 10;

/** The proxy of `userId` open at `at` for the definition, the newest when several overlap. */
async function openProxyOf(tx: Db, userId: string, definitionId: string, at: Date) {
  const [row] = await tx
    .select({ id: flowProxies.id, proxyUserId: flowProxies.proxyUserId, status: users.status })
    .from(flowProxies)
    .innerJoin(users, eq(users.id, flowProxies.proxyUserId))
    .where(
      and(
        eq(flowProxies.userId, userId),
        lte(flowProxies.startAt, at),
        gt(flowProxies.endAt, at),
        isNull(flowProxies.closedAt),
        or(isNull(flowProxies.definitionIds), sql`${definitionId}::uuid = any(${flowProxies.definitionIds})`),
      ),
    )
    .orderBy(desc(flowProxies.createdAt))
    .limit(1);
  return row;
}

/**
 * Follows the proxies from `userId` (A→B while B→C gives C). A link to someone disabled, to the applicant of the
 * request, or back to someone already in the chain is not followed: the task stays where the chain got to.
 */
export async function routeTask(
  tx: Db,
  userId: string,
  request: { definitionId: string; initiatorId: string },
  at = new Date(),
): Promise<Routed> {
  const seen = new Set([userId]);
  const proxyIds: string[] = [];
  let current = userId;
  for (let i = 0; i < MAX_LINKS; i += 1) {
    const proxy = await openProxyOf(tx, current, request.definitionId, at);
    if (!proxy || proxy.status !== 'active') break;
    const next = proxy.proxyUserId;
    if (seen.has(next) || next === request.initiatorId) break;
    seen.add(next);
    proxyIds.push(proxy.id);
    current = next;
  }
  return { assigneeId: current, onBehalfOfId: proxyIds.length > 0 ? userId : null, proxyIds };
}

/**
 * The handlers of one node as tasks: each routed through the proxies, but a stand-in who already handles the node
 * (or stands in for two of them) would hold two tasks of it, so that person's task stays with the one it was meant for.
 */
export async function routeAll(
  tx: Db,
  userIds: string[],
  request: { definitionId: string; initiatorId: string },
): Promise<Routed[]> {
  const routed: Routed[] = [];
  // one at a time: a transaction is one connection
  for (const id of userIds) routed.push(await routeTask(tx, id, request));
  const taken = new Set(userIds);
  return routed.map((r, i) => {
    if (r.onBehalfOfId === null) return r;
    if (taken.has(r.assigneeId)) return { assigneeId: userIds[i]!, onBehalfOfId: null, proxyIds: [] };
    taken.add(r.assigneeId);
    return r;
  });
}
