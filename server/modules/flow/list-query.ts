import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FlowListKind, FlowListRow } from '@contract/flow';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { flowDefinitions as d, flowInstances as i, flowTaskTimers } from '../../db/schema';
import { keywordGrams } from '../../lib/search-grams';
import { likePattern } from '../../lib/validate';
import { presentListRow, type ListRecord } from './list-presenter';
import { withDefinitionShapes } from './definition-shapes';
import { initiator, waitingOn, type Source } from './list-sources';

/*
 * The one query every flow list reads: a source (list-sources.ts) joined to its instance, definition and initiator,
 * filtered, paged and counted. todo-list.ts prepares the hot 待办 reads from the same pieces.
 */

/** A list row as the SQL selects it: the definition's form and graph are added from withDefinitionShapes. */
export type ListRow = Omit<ListRecord, 'formSchema' | 'graph'> & { definitionId: string };

export interface ListQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  category?: string;
  code?: string;
  status?: string;
  from?: string;
  to?: string;
}

/**
 * An instance holding the keyword: the GIN index narrows by grams, ILIKE rechecks the order of the characters. Given
 * values, or the placeholders of a prepared search.
 */
export function keywordMatch(grams: unknown, pattern: unknown): SQL {
  // flow_form_text (migration flow_todo_triggers): every string of the form and its chosen options' labels, so 病假 or 发烧 find the leave
  const formText = sql`flow_form_text(${i.definitionId}, ${i.formData})`;
  const text = or(
    ...[i.title, i.serial, d.name, initiator.realName, formText].map((value) => sql`${value} ilike ${pattern}`),
  )!;
  return grams === undefined ? text : and(sql`${i.searchGrams} @> ${grams}::text[]`, text)!;
}

function instanceFilters(q: ListQuery, source: Source): (SQL | undefined)[] {
  const filters: (SQL | undefined)[] = [];
  if (q.keyword) {
    const grams = keywordGrams(q.keyword);
    filters.push(keywordMatch(grams.length > 0 ? sql.param(grams) : undefined, likePattern(q.keyword)));
  }
  if (q.category) filters.push(eq(d.category, q.category));
  if (q.code) filters.push(eq(d.code, q.code));
  if (q.status) filters.push(eq(i.status, q.status));
  // the date range is on the time the list is sorted by (and shows): arrival in 待办, handled in 已办, submit in 我发起的
  if (q.from) filters.push(gte(source.order, new Date(`${q.from}T00:00:00`)));
  if (q.to) filters.push(lt(source.order, new Date(new Date(`${q.to}T00:00:00`).getTime() + 86_400_000)));
  return filters;
}

/** FROM the source, joined to the instance, its definition and its initiator: the one shape every list reads. */
export function fromSource<Q extends { from(table: PgTable): unknown }>(query: Q, source: Source) {
  // the query builder's join types do not survive a loop, so it is typed once here
  type Joinable = { innerJoin(table: PgTable, on: SQL): Joinable; leftJoin(table: PgTable, on: SQL): Joinable };
  let q = (query.from(source.table) as { $dynamic(): Joinable }).$dynamic();
  for (const join of source.joins) q = join.left ? q.leftJoin(join.table, join.on) : q.innerJoin(join.table, join.on);
  return q.innerJoin(d, eq(d.id, i.definitionId)).innerJoin(initiator, eq(initiator.id, i.initiatorId)) as unknown as {
    where(where: SQL | undefined): {
      orderBy(...order: SQL[]): { limit(n: number): { offset(n: number): Promise<(ListRow & { total: number })[]> } };
    } & Promise<{ n: number }[]>;
  };
}

/**
 * The total of an unfiltered list: a count of the source table alone (a list's own condition never reaches past it),
 * evaluated once beside the page: an approver with 10,000 to-dos is counted from the 待办 index instead of joining
 * 10,000 instances.
 */
function totalOf(db: Db, source: Source, where: SQL | undefined): SQL<number> {
  return sql<number>`(${db.select({ n: count() }).from(source.table).where(where)})`.mapWith(Number);
}

export function rowColumns(source: Source) {
  return {
    id: source.id,
    nodeName: source.nodeName,
    nodeId: source.nodeId,
    taskStatus: source.taskStatus,
    readAt: source.readAt,
    createdAt: source.createdAt,
    handledAt: source.handledAt,
    onBehalfOfName: source.onBehalfOfName,
    sortedAt: sql<Date>`coalesce(${source.order}, ${source.createdAt})`.mapWith(source.createdAt),
    instanceId: i.id,
    title: i.title,
    serial: i.serial,
    definitionName: d.name,
    category: d.category,
    initiatorName: initiator.realName,
    status: i.status,
    definitionId: i.definitionId,
    formData: i.formData,
    waitingOn,
    // a node time limit (上报 or 超时) has passed for this task; a read or an instance row has no timers
    overdue: sql<boolean>`exists (select 1 from ${flowTaskTimers} where ${flowTaskTimers.taskId} = ${source.id} and ${flowTaskTimers.kind} <> 'remind' and ${flowTaskTimers.dueAt} <= now())`,
  };
}

const totalOver = sql<number>`count(*) over()`.mapWith(Number);

/**
 * One page of rows with the total alongside (one query); a page past the end has no row to carry it, so it counts.
 * A keyword search is not counted: its total says only whether more follows (the rows so far, plus one when another
 * page exists), as in mail. Counting every match joined and filtered all of them, 0.4 s for "请假" among a heavy
 * approver's 10,000 to-dos, where the page alone is a few rows off an ordered index. Other filters (process, status,
 * dates) keep their exact total: the hub's counts equal those lists' totals.
 */
export async function page(
  db: Db,
  kind: FlowListKind,
  source: Source,
  where: SQL | undefined,
  q: ListQuery,
): Promise<{ rows: FlowListRow[]; total: number }> {
  const filters = instanceFilters(q, source);
  const all = and(where, ...filters);
  const offset = (q.pageNum - 1) * q.pageSize;
  if (q.keyword) {
    const rows = await fromSource(db.select(rowColumns(source)), source)
      .where(all)
      .orderBy(desc(source.order), desc(source.id))
      .limit(q.pageSize + 1)
      .offset(offset);
    return {
      rows: (await withDefinitionShapes(db, rows.slice(0, q.pageSize))).map((row) => presentListRow(row, kind)),
      total: offset + rows.length,
    };
  }
  const total = filters.length > 0 ? totalOver : totalOf(db, source, where);
  const rows = await fromSource(db.select({ ...rowColumns(source), total }), source)
    .where(all)
    .orderBy(desc(source.order), desc(source.id))
    .limit(q.pageSize)
    .offset(offset);
  const counted =
    rows[0]?.total ?? (offset ? toCount((await fromSource(db.select({ n: count() }), source).where(all))[0]?.n) : 0);
  return {
    rows: (await withDefinitionShapes(db, rows)).map(({ total: _, ...row }) => presentListRow(row, kind)),
    total: Number(counted),
  };
}
