import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FlowCounts, FlowListKind } from '@contract/flow';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { flowInstances as i, flowReads as r, flowTasks as t } from '../../db/schema';
import { page, type ListQuery } from './list-query';
import { lists, pendingCount, todoWaiting } from './list-sources';
import { todoPage, todoSearch } from './todo-list';

export { TODO_SEARCH_WINDOW } from './todo-list';

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
