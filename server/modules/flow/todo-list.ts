import { desc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FlowListRow } from '@contract/flow';
import type { Db } from '../../db/client';
import { preparedStatementDb, toCount } from '../../db/client';
import { flowInstances as i, flowTasks as t } from '../../db/schema';
import { keywordGrams } from '../../lib/search-grams';
import { likePattern } from '../../lib/validate';
import { presentListRow } from './list-presenter';
import { withDefinitionShapes } from './definition-shapes';
import { fromSource, keywordMatch, page, rowColumns, type ListQuery, type ListRow } from './list-query';
import { listedStatus, meantForName, none, tasks, todoAll, todoTotal, type Source } from './list-sources';

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

export async function todoPage(db: Db, userId: string, q: ListQuery): Promise<{ rows: FlowListRow[]; total: number }> {
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
      onBehalfOfId: t.onBehalfOfId,
      addKind: t.addKind,
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
    taskStatus: listedStatus(newest.status, newest.addKind),
    readAt: none,
    createdAt: newest.createdAt,
    handledAt: newest.handledAt,
    onBehalfOfName: meantForName(newest.onBehalfOfId),
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
export async function todoSearch(
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
