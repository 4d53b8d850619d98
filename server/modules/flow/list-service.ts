import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FlowListKind, FlowListRow } from '@contract/flow';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { flowDefinitions as d, flowInstances as i, flowReads as r, flowTasks as t, users } from '../../db/schema';
import { keywordGrams } from '../../lib/search-grams';
import { likePattern } from '../../lib/validate';
import { presentListRow, type ListRecord } from './presenter';

export interface ListQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  category?: string;
  from?: string;
  to?: string;
}

const initiator = alias(users, 'initiator');
// 我的退回 opens the initiator's own pending task on the start node, so the detail page offers 重新提交
const startTask = alias(t, 'start_task');

/**
 * Where a list's rows come from: the caller's tasks, their copies, or instances. Each source names the row's own
 * columns and how it reaches the instance; everything else (instance columns, filters, paging, total) is shared.
 */
interface Source {
  table: PgTable;
  /** joins from the source table to the instance (none when the source is the instance) */
  joins: { table: PgTable; on: SQL; left?: boolean }[];
  id: PgColumn | SQL;
  nodeName: PgColumn | SQL;
  createdAt: PgColumn;
  handledAt: PgColumn;
  order: PgColumn;
}

const tasks: Source = { table: t, joins: [{ table: i, on: eq(i.id, t.instanceId) }], id: t.id, nodeName: t.nodeName, createdAt: t.createdAt, handledAt: t.handledAt, order: t.createdAt };
const handled: Source = { ...tasks, order: t.handledAt };
const reads: Source = { table: r, joins: [{ table: i, on: eq(i.id, r.instanceId) }], id: r.id, nodeName: r.nodeName, createdAt: r.createdAt, handledAt: r.readAt, order: r.createdAt };
const instances: Source = { table: i, joins: [], id: i.id, nodeName: sql<string | null>`null`, createdAt: i.createdAt, handledAt: i.finishedAt, order: i.createdAt };
const returned: Source = {
  ...instances,
  joins: [{ table: startTask, on: and(eq(startTask.instanceId, i.id), eq(startTask.assigneeId, i.initiatorId), eq(startTask.status, 'pending'))!, left: true }],
  id: sql<string>`coalesce(${startTask.id}, ${i.id})`,
  nodeName: startTask.nodeName,
};

function instanceFilters(q: ListQuery): (SQL | undefined)[] {
  const filters: (SQL | undefined)[] = [];
  if (q.keyword) {
    const grams = keywordGrams(q.keyword);
    // the GIN index narrows by grams; ILIKE rechecks the order of the characters
    if (grams.length > 0) filters.push(sql`${i.searchGrams} @> ARRAY[${sql.join(grams.map((g) => sql`${g}`), sql`, `)}]::text[]`);
    const pattern = likePattern(q.keyword);
    // flow_form_text (migration flow_todo_triggers): every string of the form and its chosen options' labels, so 病假 or 发烧 find the leave
    const formText = sql`flow_form_text(${i.definitionId}, ${i.formData})`;
    filters.push(or(ilike(i.title, pattern), ilike(i.serial, pattern), ilike(d.name, pattern), ilike(initiator.realName, pattern), ilike(formText, pattern)));
  }
  if (q.category) filters.push(eq(d.category, q.category));
  if (q.from) filters.push(gte(i.createdAt, new Date(`${q.from}T00:00:00`)));
  if (q.to) filters.push(lt(i.createdAt, new Date(new Date(`${q.to}T00:00:00`).getTime() + 86_400_000)));
  return filters;
}

/** FROM the source, joined to the instance, its definition and its initiator: the one shape every list reads. */
function fromSource<Q extends { from(table: PgTable): unknown }>(query: Q, source: Source) {
  // the query builder's join types do not survive a loop, so it is typed once here
  type Joinable = { innerJoin(table: PgTable, on: SQL): Joinable; leftJoin(table: PgTable, on: SQL): Joinable };
  let q = (query.from(source.table) as { $dynamic(): Joinable }).$dynamic();
  for (const join of source.joins) q = join.left ? q.leftJoin(join.table, join.on) : q.innerJoin(join.table, join.on);
  return q.innerJoin(d, eq(d.id, i.definitionId)).innerJoin(initiator, eq(initiator.id, i.initiatorId)) as unknown as {
    where(where: SQL | undefined): { orderBy(...order: SQL[]): { limit(n: number): { offset(n: number): Promise<(ListRecord & { total: number })[]> } } } & Promise<{ n: number }[]>;
  };
}

const totalOver = sql<number>`count(*) over()`.mapWith(Number);

/**
 * The total of a list: without filters on the instance, a count of the source table alone (a list's own condition
 * never reaches past it), evaluated once beside the page: an approver with 10,000 to-dos is counted from the 待办
 * index instead of joining 10,000 instances. With filters, count(*) over() of the joined rows.
 */
function totalOf(db: Db, source: Source, where: SQL | undefined, filtered: boolean): SQL<number> {
  if (filtered) return totalOver;
  return sql<number>`(${db.select({ n: count() }).from(source.table).where(where)})`.mapWith(Number);
}

/** One page of rows with the total alongside (one query); a page past the end has no row to carry it, so it counts. */
async function page(db: Db, source: Source, where: SQL | undefined, q: ListQuery): Promise<{ rows: FlowListRow[]; total: number }> {
  const filters = instanceFilters(q);
  const all = and(where, ...filters);
  const columns = {
    id: source.id, nodeName: source.nodeName, createdAt: source.createdAt, handledAt: source.handledAt,
    instanceId: i.id, title: i.title, serial: i.serial, definitionName: d.name, category: d.category, initiatorName: initiator.realName, status: i.status,
    total: totalOf(db, source, where, filters.length > 0),
  };
  const rows = await fromSource(db.select(columns), source)
    .where(all)
    .orderBy(desc(source.order), desc(source.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const total = rows[0]?.total ?? (q.pageNum > 1 ? toCount((await fromSource(db.select({ n: count() }), source).where(all))[0]?.n) : 0);
  return { rows: rows.map(({ total: _, ...row }) => presentListRow(row)), total: Number(total) };
}

// a returned application waits in the initiator's 我的退回, not in 待办 (kept on the task by a trigger, so no join)
const notReturnedToMe = eq(t.returnedToInitiator, false);
const involves = (userId: string) =>
  or(
    eq(i.initiatorId, userId),
    sql`exists (select 1 from ${t} where ${t.instanceId} = ${i.id} and ${t.assigneeId} = ${userId})`,
    sql`exists (select 1 from ${r} where ${r.instanceId} = ${i.id} and ${r.userId} = ${userId})`,
  );

/** Each list: its source and the caller's rows in it. */
const lists: Record<FlowListKind, (userId: string) => { source: Source; where: SQL | undefined }> = {
  todo: (userId) => ({ source: tasks, where: and(eq(t.assigneeId, userId), eq(t.status, 'pending'), notReturnedToMe) }),
  history: (userId) => ({ source: handled, where: and(eq(t.assigneeId, userId), eq(t.status, 'done')) }),
  transfer: (userId) => ({ source: handled, where: and(eq(t.assigneeId, userId), eq(t.status, 'transferred')) }),
  unread: (userId) => ({ source: reads, where: and(eq(r.userId, userId), eq(r.kind, 'copy'), isNull(r.readAt)) }),
  read: (userId) => ({ source: reads, where: and(eq(r.userId, userId), isNotNull(r.readAt)) }),
  receive: (userId) => ({ source: reads, where: and(eq(r.userId, userId), eq(r.kind, 'receive')) }),
  back: (userId) => ({ source: returned, where: and(eq(i.initiatorId, userId), eq(i.status, 'returned')) }),
  mine: (userId) => ({ source: instances, where: eq(i.initiatorId, userId) }),
  search: (userId) => ({ source: instances, where: involves(userId) }),
};

/** One page of one of the caller's flow lists. */
export function listFlows(db: Db, userId: string, kind: FlowListKind, q: ListQuery) {
  const { source, where } = lists[kind](userId);
  return page(db, source, where, q);
}

/** Counts behind the hub and the home badge: one round trip, each count an indexed scan of the caller's rows. */
export async function flowCounts(db: Db, userId: string) {
  const todo = db.select({ n: count() }).from(t).where(and(eq(t.assigneeId, userId), eq(t.status, 'pending'), notReturnedToMe));
  const unread = db.select({ n: count() }).from(r).where(and(eq(r.userId, userId), eq(r.kind, 'copy'), isNull(r.readAt)));
  const back = db.select({ n: count() }).from(i).where(and(eq(i.initiatorId, userId), eq(i.status, 'returned')));
  const receive = db.select({ n: count() }).from(r).where(and(eq(r.userId, userId), eq(r.kind, 'receive'), isNull(r.readAt)));
  const [row] = await db.select({ todo: sql`(${todo})`, unread: sql`(${unread})`, back: sql`(${back})`, receive: sql`(${receive})` }).from(sql`(select 1) as one`);
  return { todo: toCount(row?.todo), unread: toCount(row?.unread), back: toCount(row?.back), receive: toCount(row?.receive) };
}
