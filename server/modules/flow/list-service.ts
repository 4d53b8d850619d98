import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FlowListKind, FlowListRow, InstanceStatus } from '@contract/flow';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { flowDefinitions as d, flowInstances as i, flowReads as r, flowTasks as t, users } from '../../db/schema';
import { keywordGrams } from '../../lib/search-grams';
import { likePattern } from '../../lib/validate';

export interface ListQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  category?: string;
  from?: string;
  to?: string;
}

const initiator = alias(users, 'initiator');

function instanceFilters(q: ListQuery): (SQL | undefined)[] {
  const filters: (SQL | undefined)[] = [];
  if (q.keyword) {
    const grams = keywordGrams(q.keyword);
    // the GIN index narrows by grams; ILIKE rechecks the order of the characters
    if (grams.length > 0) filters.push(sql`${i.searchGrams} @> ARRAY[${sql.join(grams.map((g) => sql`${g}`), sql`, `)}]::text[]`);
    const pattern = likePattern(q.keyword);
    filters.push(or(ilike(i.title, pattern), ilike(i.serial, pattern), ilike(d.name, pattern), ilike(initiator.realName, pattern)));
  }
  if (q.category) filters.push(eq(d.category, q.category));
  if (q.from) filters.push(gte(i.createdAt, new Date(`${q.from}T00:00:00`)));
  if (q.to) filters.push(lt(i.createdAt, new Date(new Date(`${q.to}T00:00:00`).getTime() + 86_400_000)));
  return filters;
}

const baseColumns = {
  instanceId: i.id,
  title: i.title,
  serial: i.serial,
  definitionName: d.name,
  category: d.category,
  initiatorName: initiator.realName,
  status: i.status,
};

type Row = { id: string; nodeName: string | null; createdAt: Date; handledAt: Date | null } & { [K in keyof typeof baseColumns]: unknown };

function present(row: Row): FlowListRow {
  return {
    id: row.id,
    instanceId: row.instanceId as string,
    title: row.title as string,
    serial: row.serial as string,
    definitionName: row.definitionName as string,
    category: row.category as string,
    initiatorName: row.initiatorName as string,
    nodeName: row.nodeName ?? '',
    status: row.status as InstanceStatus,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt ? row.handledAt.toISOString() : null,
  };
}

/** Rows of a page with the total alongside (one query); a page past the end has no rows to carry it, so it counts. */
async function paged<R extends { total: number }>(rows: R[], q: ListQuery, count: () => Promise<{ n: unknown } | undefined>) {
  const total = rows[0]?.total ?? (q.pageNum > 1 ? toCount((await count())?.n) : 0);
  return { rows: rows.map(({ total: _, ...row }) => present(row as unknown as Row)), total: Number(total) };
}

const totalOver = sql<number>`count(*) over()`.mapWith(Number);

async function taskList(db: Db, userId: string, status: string, q: ListQuery, orderByHandled: boolean) {
  const where = and(
    eq(t.assigneeId, userId),
    eq(t.status, status),
    // a returned application waits in the initiator's 我的退回, not in 待办
    status === 'pending' ? or(ne(i.status, 'returned'), ne(t.assigneeId, i.initiatorId)) : undefined,
    ...instanceFilters(q),
  );
  const rows = await db
    .select({ id: t.id, nodeName: t.nodeName, createdAt: t.createdAt, handledAt: t.handledAt, ...baseColumns, total: totalOver })
    .from(t)
    .innerJoin(i, eq(i.id, t.instanceId))
    .innerJoin(d, eq(d.id, i.definitionId))
    .innerJoin(initiator, eq(initiator.id, i.initiatorId))
    .where(where)
    .orderBy(orderByHandled ? desc(t.handledAt) : desc(t.createdAt), desc(t.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return paged(rows, q, async () => (await db.select({ n: count() }).from(t).innerJoin(i, eq(i.id, t.instanceId)).innerJoin(d, eq(d.id, i.definitionId)).innerJoin(initiator, eq(initiator.id, i.initiatorId)).where(where))[0]);
}

async function readList(db: Db, userId: string, where: SQL | undefined, q: ListQuery) {
  const all = and(eq(r.userId, userId), where, ...instanceFilters(q));
  const rows = await db
    .select({ id: r.id, nodeName: r.nodeName, createdAt: r.createdAt, handledAt: r.readAt, ...baseColumns, total: totalOver })
    .from(r)
    .innerJoin(i, eq(i.id, r.instanceId))
    .innerJoin(d, eq(d.id, i.definitionId))
    .innerJoin(initiator, eq(initiator.id, i.initiatorId))
    .where(all)
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return paged(rows, q, async () => (await db.select({ n: count() }).from(r).innerJoin(i, eq(i.id, r.instanceId)).innerJoin(d, eq(d.id, i.definitionId)).innerJoin(initiator, eq(initiator.id, i.initiatorId)).where(all))[0]);
}

async function instanceList(db: Db, where: SQL | undefined, q: ListQuery, idColumn: 'instance' | 'startTask', userId: string) {
  const all = and(where, ...instanceFilters(q));
  const rows = await db
    .select({ id: i.id, nodeName: sql<string | null>`null`, createdAt: i.createdAt, handledAt: i.finishedAt, ...baseColumns, total: totalOver })
    .from(i)
    .innerJoin(d, eq(d.id, i.definitionId))
    .innerJoin(initiator, eq(initiator.id, i.initiatorId))
    .where(all)
    .orderBy(desc(i.createdAt), desc(i.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const page = await paged(rows, q, async () => (await db.select({ n: count() }).from(i).innerJoin(d, eq(d.id, i.definitionId)).innerJoin(initiator, eq(initiator.id, i.initiatorId)).where(all))[0]);
  if (idColumn === 'startTask') {
    // 我的退回 opens the initiator's own pending task, so the detail page offers 重新提交
    for (const row of page.rows) {
      const [task] = await db.select({ id: t.id, nodeName: t.nodeName }).from(t).where(and(eq(t.instanceId, row.instanceId), eq(t.assigneeId, userId), eq(t.status, 'pending')));
      if (task) Object.assign(row, { id: task.id, nodeName: task.nodeName });
    }
  }
  return page;
}

/** One page of one of the caller's flow lists. */
export function listFlows(db: Db, userId: string, kind: FlowListKind, q: ListQuery) {
  switch (kind) {
    case 'todo':
      return taskList(db, userId, 'pending', q, false);
    case 'history':
      return taskList(db, userId, 'done', q, true);
    case 'transfer':
      return taskList(db, userId, 'transferred', q, true);
    case 'unread':
      return readList(db, userId, and(eq(r.kind, 'copy'), isNull(r.readAt)), q);
    case 'read':
      return readList(db, userId, isNotNull(r.readAt), q);
    case 'receive':
      return readList(db, userId, eq(r.kind, 'receive'), q);
    case 'back':
      return instanceList(db, and(eq(i.initiatorId, userId), eq(i.status, 'returned')), q, 'startTask', userId);
    case 'mine':
      return instanceList(db, eq(i.initiatorId, userId), q, 'instance', userId);
    case 'search':
      return instanceList(
        db,
        or(
          eq(i.initiatorId, userId),
          sql`exists (select 1 from ${t} where ${t.instanceId} = ${i.id} and ${t.assigneeId} = ${userId})`,
          sql`exists (select 1 from ${r} where ${r.instanceId} = ${i.id} and ${r.userId} = ${userId})`,
        ),
        q,
        'instance',
        userId,
      );
  }
}

/** Counts behind the hub and the home badge: one round trip, each count an indexed scan of the caller's rows. */
export async function flowCounts(db: Db, userId: string) {
  const todo = db.select({ n: count() }).from(t).innerJoin(i, eq(i.id, t.instanceId)).where(and(eq(t.assigneeId, userId), eq(t.status, 'pending'), or(ne(i.status, 'returned'), ne(t.assigneeId, i.initiatorId))));
  const unread = db.select({ n: count() }).from(r).where(and(eq(r.userId, userId), eq(r.kind, 'copy'), isNull(r.readAt)));
  const back = db.select({ n: count() }).from(i).where(and(eq(i.initiatorId, userId), eq(i.status, 'returned')));
  const receive = db.select({ n: count() }).from(r).where(and(eq(r.userId, userId), eq(r.kind, 'receive'), isNull(r.readAt)));
  const [row] = await db.select({ todo: sql`(${todo})`, unread: sql`(${unread})`, back: sql`(${back})`, receive: sql`(${receive})` }).from(sql`(select 1) as one`);
  return { todo: toCount(row?.todo), unread: toCount(row?.unread), back: toCount(row?.back), receive: toCount(row?.receive) };
}
