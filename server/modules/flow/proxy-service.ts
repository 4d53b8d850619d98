import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MAX_PROXY_DAYS, type FlowProxy } from '@contract/flow-proxy';
import type { FlowProxyInput } from '@contract/flow-proxy-schemas';
import type { Db } from '../../db/client';
import { flowDefinitions, flowProxies, orgs, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { IN_APP_ONLY } from '../delivery/channels';
import { recordMessage } from '../message/service';
import type { Principal } from '../session/service';
import { enforce, proxyRefusal } from './policy';
import { heldThrough, rerouteTasks, waitingFor } from './proxy-sweep';

const DAY_MS = 24 * 60 * 60 * 1000;
// ended proxies stay listed a while, so a person back from leave sees who stood in for them
const ENDED_SHOWN_MS = 30 * DAY_MS;

/** The heads of a user's department and of every department above it (who may set a proxy for them). */
async function headsOf(tx: Db, orgId: string | null): Promise<string[]> {
  const heads: string[] = [];
  for (let depth = 0; orgId && depth < 10; depth += 1) {
    const [org] = await tx
      .select({ leader: orgs.leaderUserId, parent: orgs.parentId })
      .from(orgs)
      .where(eq(orgs.id, orgId));
    if (org?.leader) heads.push(org.leader);
    orgId = org?.parent ?? null;
  }
  return heads;
}

/** The person a proxy is for, with who may act for them; 400 when there is no such active person. */
async function subject(tx: Db, userId: string, missing: string) {
  const [row] = await tx
    .select({ id: users.id, realName: users.realName, orgId: users.orgId, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || row.status !== 'active') throw new AppError(400, missing);
  return row;
}

/** The window's rules, each in words the form can show. */
function checkWindow(startAt: Date, endAt: Date, now: Date) {
  if (endAt <= startAt) throw new AppError(400, '结束时间须晚于开始时间');
  if (endAt <= now) throw new AppError(400, '结束时间须晚于当前时间');
  if (endAt.getTime() - startAt.getTime() > MAX_PROXY_DAYS * DAY_MS) throw new AppError(400, '代理期限不能超过一年');
}

/** 审批代理: records the proxy, moves the waiting tasks when asked and the window is open, tells both people. */
export async function createProxy(tx: Db, actor: Principal, body: FlowProxyInput) {
  const now = new Date();
  const startAt = new Date(body.startAt);
  const endAt = new Date(body.endAt);
  const person = await subject(tx, body.userId ?? actor.id, '被代理人不存在或已停用');
  // who may is answered before anything about the stand-in or the window
  enforce(proxyRefusal(actor, { id: person.id, heads: await headsOf(tx, person.orgId) }));
  if (body.proxyUserId === person.id) throw new AppError(400, '代理人不能是本人');
  const stand = await subject(tx, body.proxyUserId, '代理人不存在或已停用');
  checkWindow(startAt, endAt, now);
  const definitionIds = [...new Set(body.definitionIds)];
  if (definitionIds.length > 0) {
    const found = await tx
      .select({ id: flowDefinitions.id })
      .from(flowDefinitions)
      .where(inArray(flowDefinitions.id, definitionIds));
    if (found.length !== definitionIds.length) throw new AppError(400, '所选流程不存在');
  }
  await refuseOverlap(tx, person.id, startAt, endAt, definitionIds);
  const opensNow = body.includeWaiting && startAt <= now;
  const [proxy] = await tx
    .insert(flowProxies)
    .values({
      userId: person.id,
      proxyUserId: stand.id,
      startAt,
      endAt,
      definitionIds: definitionIds.length > 0 ? definitionIds : null,
      includeWaiting: body.includeWaiting,
      createdBy: actor.id,
      // claimed here, so the sweep does not move them a second time
      openedAt: opensNow ? now : null,
    })
    .returning();
  const notified = opensNow ? await rerouteTasks(tx, waitingFor(proxy!)) : [];
  const span = `${shanghai(startAt)} 至 ${shanghai(endAt)}`;
  await recordMessage(tx, IN_APP_ONLY, actor.id, {
    title: '审批代理',
    content: `${span}，${stand.realName}代${person.realName}处理审批`,
    receiverIds: [...new Set([person.id, stand.id])],
    channels: ['app'],
    link: '/myCenter/proxies',
  });
  const [row] = await listProxies(tx, actor, proxy!.id);
  return { ...row!, notified: [...new Set([person.id, stand.id, ...notified])] };
}

/** Two proxies of one person over the same time and flows would leave it to chance who stands in: refused. */
async function refuseOverlap(tx: Db, userId: string, startAt: Date, endAt: Date, definitionIds: string[]) {
  const [clash] = await tx
    .select({ id: flowProxies.id })
    .from(flowProxies)
    .where(
      and(
        eq(flowProxies.userId, userId),
        isNull(flowProxies.closedAt),
        lt(flowProxies.startAt, endAt),
        gt(flowProxies.endAt, startAt),
        definitionIds.length
          ? or(
              isNull(flowProxies.definitionIds),
              sql`${flowProxies.definitionIds} && ${sql`array[${sql.join(
                definitionIds.map((id) => sql`${id}`),
                sql`, `,
              )}]::uuid[]`}`,
            )
          : undefined,
      ),
    )
    .limit(1);
  if (clash) throw new AppError(409, '该时间段内已有审批代理，请先取消或调整时间');
}

// the messages speak the organisation's time, not the server's
const shanghai = (at: Date) =>
  at.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false, dateStyle: 'short', timeStyle: 'short' });

/** Ends a proxy now (deleted): what its stand-ins still hold goes back to the person it was meant for. */
export async function deleteProxy(tx: Db, actor: Principal, id: string) {
  const [proxy] = await tx.select().from(flowProxies).where(eq(flowProxies.id, id)).for('update');
  if (!proxy) throw new AppError(404, '代理设置不存在');
  const [person] = await tx.select({ orgId: users.orgId }).from(users).where(eq(users.id, proxy.userId));
  if (proxy.createdBy !== actor.id)
    enforce(proxyRefusal(actor, { id: proxy.userId, heads: await headsOf(tx, person?.orgId ?? null) }));
  await tx.delete(flowProxies).where(eq(flowProxies.id, id));
  const notified = await rerouteTasks(tx, heldThrough(id));
  return { id, notified: [...new Set([proxy.userId, proxy.proxyUserId, ...notified])] };
}

const person = alias(users, 'proxy_person');
const stand = alias(users, 'proxy_stand');

/** The proxies the caller has to do with (theirs, the ones they stand in or set), newest first; or one by id. */
export async function listProxies(db: Db, actor: Principal, id?: string): Promise<FlowProxy[]> {
  const now = new Date();
  const rows = await db
    .select({ proxy: flowProxies, userName: person.realName, proxyUserName: stand.realName })
    .from(flowProxies)
    .innerJoin(person, eq(person.id, flowProxies.userId))
    .innerJoin(stand, eq(stand.id, flowProxies.proxyUserId))
    .where(
      id
        ? eq(flowProxies.id, id)
        : and(
            or(
              eq(flowProxies.userId, actor.id),
              eq(flowProxies.proxyUserId, actor.id),
              eq(flowProxies.createdBy, actor.id),
            ),
            gt(flowProxies.endAt, new Date(now.getTime() - ENDED_SHOWN_MS)),
          ),
    )
    .orderBy(desc(flowProxies.createdAt))
    .limit(100);
  const definitionIds = [...new Set(rows.flatMap((r) => r.proxy.definitionIds ?? []))];
  const names = definitionIds.length
    ? await db
        .select({ id: flowDefinitions.id, name: flowDefinitions.name })
        .from(flowDefinitions)
        .where(inArray(flowDefinitions.id, definitionIds))
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return rows.map(({ proxy, userName, proxyUserName }) => ({
    id: proxy.id,
    userId: proxy.userId,
    userName,
    proxyUserId: proxy.proxyUserId,
    proxyUserName,
    startAt: proxy.startAt.toISOString(),
    endAt: proxy.endAt.toISOString(),
    definitions: (proxy.definitionIds ?? []).map((d) => ({ id: d, name: nameOf.get(d) ?? '' })),
    includeWaiting: proxy.includeWaiting,
    state: proxy.closedAt || proxy.endAt <= now ? 'ended' : proxy.startAt > now ? 'scheduled' : 'active',
    // the stand-in cannot end it; the person, whoever set it, and (checked again on delete) a head or admin can
    canDelete: proxy.userId === actor.id || proxy.createdBy === actor.id || actor.roles.includes('admin'),
  }));
}
