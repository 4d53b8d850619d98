import { and, count, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FlowCounts, FlowListKind, FlowListRow } from '@contract/flow';
import type { Db } from '../../db/client';
import { preparedStatementDb, toCount } from '../../db/client';
import { flowDefinitions as d, flowInstances as i, flowReads as r, flowTasks as t } from '../../db/schema';
import { keywordGrams } from '../../lib/search-grams';
import { likePattern } from '../../lib/validate';
import { presentListRow, type ListRecord } from './list-presenter';
import { withDefinitionShapes } from './definition-shapes';
import {
  initiator,
  lists,
  none,
  pendingCount,
  tasks,
  todoAll,
  todoTotal,
  todoWaiting,
  waitingOn,
  type Source,
} from './list-sources';

/** A list row as the SQL selects it: the definition's form and graph are added from withDefinitionShapes. */
type ListRow = Omit<ListRecord, 'formSchema' | 'graph'> & { definitionId: string };

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
function keywordMatch(grams: unknown, pattern: unknown): SQL {
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
function fromSource<Q extends { from(table: PgTable): unknown }>(query: Q, source: Source) {
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

function rowColumns(source: Source) {
  return {
    id: source.id,
    nodeName: source.nodeName,
    nodeId: source.nodeId,
    taskStatus: source.taskStatus,
    readAt: source.readAt,
    createdAt: source.createdAt,
    handledAt: source.handledAt,
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
async function page(
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

/**
 * 待办 without filters is the request every home and hub screen makes: prepared once per database handle, so neither
 * the query builder nor the planner (1.6 ms of a 2 ms answer) runs again. Its one plan is the backward scan of the
 * page index for every user, which is right for a heavy approver and a light one alike.
 */
type TodoStatement = {
  execute(values: { userId: string; limit: number; offset: number }): Promise<(ListRow & { total: number })[]>;
};
const preparedTodo = new WeakMap<Db, TodoStatement>();

function prepareTodoPage(db: Db): TodoStatement {
  const userId = sql.placeholder('userId');
  const query = fromSource(
    preparedStatementDb(db).select({ ...rowColumns(tasks), total: todoTotal(db, userId) }),
    tasks,
  )
    .where(todoAll(userId))
    .orderBy(desc(tasks.order), desc(tasks.id))
    // the builder takes placeholders here; fromSource's narrow type only knows numbers
    .limit(sql.placeholder('limit') as unknown as number)
    .offset(sql.placeholder('offset') as unknown as number);
  return (query as unknown as { prepare(name: string): TodoStatement }).prepare('flow_todo_page');
}

async function todoPage(db: Db, userId: string, q: ListQuery): Promise<{ rows: FlowListRow[]; total: number }> {
  let statement = preparedTodo.get(db);
  if (!statement) preparedTodo.set(db, (statement = prepareTodoPage(db)));
  const offset = (q.pageNum - 1) * q.pageSize;
  const rows = await statement.execute({ userId, limit: q.pageSize, offset });
  // a page past the end has no row to carry the total
  const total = rows[0]?.total ?? (offset ? await todoCount(db, userId) : 0);
  return {
    rows: (await withDefinitionShapes(db, rows)).map(({ total: _, ...row }) => presentListRow(row, 'todo')),
    total: Number(total),
  };
}

const todoCount = async (db: Db, userId: string) =>
  toCount((await db.select({ n: todoTotal(db, userId) }).from(sql`(select 1) as one`))[0]?.n);

/**
 * How many of the caller's newest to-dos a keyword search reads in its one planned statement. Most staff hold fewer,
 * so their search is that statement alone; past it, a heavy approver's search for a rare word goes to the planner.
 */
export const TODO_SEARCH_WINDOW = 200;

type TodoSearchStatement = {
  execute(values: {
    userId: string;
    grams: string[];
    pattern: string;
    window: number;
    limit: number;
    offset: number;
  }): Promise<(ListRow & { total: number })[]>;
};
const preparedTodoSearch = new WeakMap<Db, TodoSearchStatement>();

/**
 * A 待办 keyword search as one generic plan: the caller's newest to-dos off the page index (at most the window), each
 * joined to its instance and checked, newest first. Planned with its values, the search cost 1.4 ms of planning on
 * every request, and one plan for the whole list (no window) sorted all 10,000 of a heavy approver's to-dos.
 */
function prepareTodoSearch(db: Db): TodoSearchStatement {
  const userId = sql.placeholder('userId');
  const newest = preparedStatementDb(db)
    .select({
      id: t.id,
      instanceId: t.instanceId,
      nodeName: t.nodeName,
      nodeId: t.nodeId,
      status: t.status,
      createdAt: t.createdAt,
      handledAt: t.handledAt,
    })
    .from(t)
    .where(todoAll(userId))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(sql.placeholder('window'))
    .as('newest_todo');
  const source: Source = {
    table: newest as unknown as PgTable,
    joins: [{ table: i, on: eq(i.id, newest.instanceId) }],
    id: newest.id,
    nodeName: newest.nodeName,
    nodeId: newest.nodeId,
    taskStatus: newest.status,
    readAt: none,
    createdAt: newest.createdAt,
    handledAt: newest.handledAt,
    order: newest.createdAt,
  };
  const query = fromSource(
    preparedStatementDb(db).select({ ...rowColumns(source), total: todoTotal(db, userId) }),
    source,
  )
    .where(keywordMatch(sql.placeholder('grams'), sql.placeholder('pattern')))
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(sql.placeholder('limit') as unknown as number)
    .offset(sql.placeholder('offset') as unknown as number);
  return (query as unknown as { prepare(name: string): TodoSearchStatement }).prepare('flow_todo_search');
}

/**
 * The window answers when the page and the row after it lie within it, or when it held every to-do of the caller;
 * otherwise the whole list is searched with a plan made for the keyword (a rare word among 10,000 to-dos reads the
 * gram index first).
 */
async function todoSearch(
  db: Db,
  userId: string,
  q: ListQuery & { keyword: string },
): Promise<{ rows: FlowListRow[]; total: number }> {
  let statement = preparedTodoSearch.get(db);
  if (!statement) preparedTodoSearch.set(db, (statement = prepareTodoSearch(db)));
  const offset = (q.pageNum - 1) * q.pageSize;
  const values = {
    userId,
    grams: keywordGrams(q.keyword),
    pattern: likePattern(q.keyword),
    window: TODO_SEARCH_WINDOW,
    limit: q.pageSize + 1,
    offset,
  };
  const rows = await statement.execute(values);
  const held =
    rows.length > q.pageSize || (rows[0] ? Number(rows[0].total) : await todoCount(db, userId)) <= TODO_SEARCH_WINDOW;
  if (!held) return page(db, 'todo', tasks, todoAll(userId), q);
  return {
    rows: (await withDefinitionShapes(db, rows.slice(0, q.pageSize))).map(({ total: _, ...row }) =>
      presentListRow(row, 'todo'),
    ),
    total: offset + rows.length,
  };
}

const unfiltered = (q: ListQuery) => !q.keyword && !q.category && !q.code && !q.status && !q.from && !q.to;
const keywordOnly = (q: ListQuery): q is ListQuery & { keyword: string } =>
  !!q.keyword && unfiltered({ ...q, keyword: undefined });

/** One page of one of the caller's flow lists. */
export function listFlows(db: Db, userId: string, kind: FlowListKind, q: ListQuery) {
  if (kind === 'todo' && unfiltered(q)) return todoPage(db, userId, q);
  if (kind === 'todo' && keywordOnly(q)) return todoSearch(db, userId, q);
  const { source, where } = lists[kind](userId);
  return page(db, kind, source, where, q);
}

/**
 * Every count of the hub and the badges in one SQL statement, so they never disagree with each other: each is a
 * count of the same condition its list uses (an indexed scan of the caller's rows in one table).
 */
export async function flowCounts(db: Db, userId: string): Promise<FlowCounts> {
  const countOf = (table: PgTable, where: SQL | undefined) =>
    sql`(${db.select({ n: count() }).from(table).where(where)})`;
  const listCount = (kind: FlowListKind, extra?: SQL) => {
    const { source, where } = lists[kind](userId);
    return countOf(source.table, and(where, extra));
  };
  const columns = {
    todo: pendingCount(userId),
    waiting: countOf(t, todoWaiting(userId)),
    unread: listCount('unread'),
    history: listCount('history'),
    read: listCount('read'),
    transfer: listCount('transfer'),
    back: listCount('back'),
    mine: listCount('mine'),
    running: listCount('mine', eq(i.status, 'running')),
    cc: listCount('cc'),
    receive: listCount('receive', isNull(r.readAt)),
  };
  const [row] = await db.select(columns).from(sql`(select 1) as one`);
  return Object.fromEntries(
    Object.keys(columns).map((key) => [key, toCount((row as Record<string, unknown> | undefined)?.[key])]),
  ) as unknown as FlowCounts;
}
