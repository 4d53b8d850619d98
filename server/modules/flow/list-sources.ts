import { and, count, eq, isNotNull, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FlowListKind } from '@contract/flow';
import type { Db } from '../../db/client';
import { flowInstances as i, flowReads as r, flowTasks as t, flowTodoCounts, users } from '../../db/schema';

/*
 * What each flow list is: the table its rows come from and the caller's condition on it. list-query.ts builds every
 * list's query from these, and flowCounts counts the same conditions, so a list and its count never disagree.
 */

export const initiator = alias(users, 'initiator');
// 我的退回 opens the initiator's own pending task on the start node, so the detail page offers 重新提交
const startTask = alias(t, 'start_task');

/**
 * Where a list's rows come from: the caller's tasks, their copies, or instances. Each source names the row's own
 * columns, how it reaches the instance and the time it is sorted by; everything else (instance columns, filters,
 * paging, total) is shared.
 */
export interface Source {
  table: PgTable;
  /** joins from the source table to the instance (none when the source is the instance) */
  joins: { table: PgTable; on: SQL; left?: boolean }[];
  id: PgColumn | SQL;
  nodeName: PgColumn | SQL;
  nodeId: PgColumn | SQL;
  taskStatus: PgColumn | SQL;
  readAt: PgColumn | SQL;
  createdAt: PgColumn;
  handledAt: PgColumn;
  /** 审批代理: whom the caller's task was meant for, on task lists (else null) */
  onBehalfOfName: PgColumn | SQL;
  /** the time the list is sorted by, shown on the card and filtered by the date range */
  order: PgColumn;
}

export const none = sql`null`;
/**
 * A task's status as the lists read it: a task delegated to the caller (委派) is 'delegated', not 'pending', so its
 * row is never offered for batch 同意 (its one action is a reply).
 */
export const listedStatus = (status: PgColumn | SQL, addKind: PgColumn | SQL) =>
  sql<string>`case when ${addKind} = 'delegate' and ${status} = 'pending' then 'delegated' else ${status} end`;
/** The name of the person a stand-in's task was meant for (null when no stand-in holds it). */
export const meantForName = (onBehalfOfId: PgColumn | SQL) =>
  sql<string | null>`(select ${users.realName} from ${users} where ${users.id} = ${onBehalfOfId})`;
// 待办: by arrival (a 加签 that hands back re-stamps the task, so it comes back on top)
export const tasks: Source = {
  table: t,
  joins: [{ table: i, on: eq(i.id, t.instanceId) }],
  id: t.id,
  nodeName: t.nodeName,
  nodeId: t.nodeId,
  taskStatus: listedStatus(t.status, t.addKind),
  readAt: none,
  createdAt: t.createdAt,
  handledAt: t.handledAt,
  onBehalfOfName: meantForName(t.onBehalfOfId),
  order: t.createdAt,
};
// 已办, 已转办: by the time the caller handled it
const handled: Source = { ...tasks, order: t.handledAt };
// 待阅, 抄送我, 收文: by arrival; 已阅: by the time it was read
const reads: Source = {
  table: r,
  joins: [{ table: i, on: eq(i.id, r.instanceId) }],
  id: r.id,
  nodeName: r.nodeName,
  nodeId: none,
  taskStatus: none,
  readAt: r.readAt,
  createdAt: r.createdAt,
  handledAt: r.readAt,
  onBehalfOfName: none,
  order: r.createdAt,
};
const readAtOrder: Source = { ...reads, order: r.readAt };
// 我发起的, 流程查询: by submit time
const instances: Source = {
  table: i,
  joins: [],
  id: i.id,
  nodeName: none,
  nodeId: none,
  taskStatus: none,
  readAt: none,
  createdAt: i.createdAt,
  handledAt: i.finishedAt,
  onBehalfOfName: none,
  order: i.createdAt,
};
const returned: Source = {
  ...instances,
  joins: [
    {
      table: startTask,
      on: and(
        eq(startTask.instanceId, i.id),
        eq(startTask.assigneeId, i.initiatorId),
        eq(startTask.status, 'pending'),
      )!,
      left: true,
    },
  ],
  id: sql<string>`coalesce(${startTask.id}, ${i.id})`,
  nodeName: startTask.nodeName,
};

// whom the instance waits on now: the holders of its pending tasks, in the order they got them; a stand-in as
// 王五（代 李四） (contract/flow-proxy.ts actingName)
const waitTask = alias(t, 'wait_task');
const waitUser = alias(users, 'wait_user');
const waitName = sql`${waitUser.realName} || coalesce('（代 ' || ${meantForName(waitTask.onBehalfOfId)} || '）', '')`;
export const waitingOn = sql<
  string[] | null
>`(select array_agg(${waitName} order by ${waitTask.createdAt}) from ${t} as ${sql.identifier('wait_task')} join ${users} as ${sql.identifier('wait_user')} on ${waitUser.id} = ${waitTask.assigneeId} where ${waitTask.instanceId} = ${i.id} and ${waitTask.status} = 'pending')`;

const involves = (userId: string) =>
  or(
    eq(i.initiatorId, userId),
    // a task a stand-in holds or held for the caller (审批代理) counts as theirs
    sql`exists (select 1 from ${t} where ${t.instanceId} = ${i.id} and (${t.assigneeId} = ${userId} or ${t.onBehalfOfId} = ${userId}))`,
    sql`exists (select 1 from ${r} where ${r.instanceId} = ${i.id} and ${r.userId} = ${userId})`,
  );

type UserId = string | Placeholder;
// statuses are written as literals, not parameters: a prepared statement's one plan must see them to use the partial
// 待办 indexes (flow_tasks_todo_idx, flow_tasks_todo_page_idx)
const pendingStatus = sql`${t.status} = 'pending'`;
const waitingStatus = sql`${t.status} = 'waiting'`;
// a returned application waits in the initiator's 我的退回, not in 待办 (kept on the task by a trigger, so no join)
const notReturned = sql`not ${t.returnedToInitiator}`;
// whether the people the caller added decide before them (前加签) rather than after (后加签, the caller's approval stands)
// (委派 too: the delegate replies, then the caller decides)
const addedBefore = sql`exists (select 1 from ${t} as child where child.parent_task_id = ${t.id} and child.add_kind in ('before', 'delegate'))`;
// the caller asked for 前加签 and waits for the added people: still theirs to decide, so it stays in 待办, marked as waiting
export const todoWaiting = (userId: UserId) => and(eq(t.assigneeId, userId), waitingStatus, addedBefore);
// 待办 as one condition the page index serves in order: the caller's pending and waiting tasks, then which of them count
export const todoAll = (userId: UserId) =>
  and(
    eq(t.assigneeId, userId),
    sql`${t.status} in ('pending', 'waiting')`,
    or(and(pendingStatus, notReturned), and(waitingStatus, addedBefore)),
  );
// after 后加签 the caller has approved and the added people decide next: it is 已办 for the caller
const handledWaiting = (userId: string) =>
  and(eq(t.assigneeId, userId), eq(t.status, 'waiting'), sql`not ${addedBefore}`);
const copies = (userId: string) => and(eq(r.userId, userId), eq(r.kind, 'copy'));

/** Each list: its source and the caller's rows in it. */
export const lists: Record<FlowListKind, (userId: string) => { source: Source; where: SQL | undefined }> = {
  todo: (userId) => ({ source: tasks, where: todoAll(userId) }),
  history: (userId) => ({
    source: handled,
    where: or(and(eq(t.assigneeId, userId), eq(t.status, 'done')), handledWaiting(userId)),
  }),
  transfer: (userId) => ({ source: handled, where: and(eq(t.assigneeId, userId), eq(t.status, 'transferred')) }),
  unread: (userId) => ({ source: reads, where: and(copies(userId), isNull(r.readAt)) }),
  cc: (userId) => ({ source: reads, where: copies(userId) }),
  read: (userId) => ({ source: readAtOrder, where: and(eq(r.userId, userId), isNotNull(r.readAt)) }),
  receive: (userId) => ({ source: reads, where: and(eq(r.userId, userId), eq(r.kind, 'receive')) }),
  back: (userId) => ({ source: returned, where: and(eq(i.initiatorId, userId), eq(i.status, 'returned')) }),
  mine: (userId) => ({ source: instances, where: eq(i.initiatorId, userId) }),
  search: (userId) => ({ source: instances, where: involves(userId) }),
};

/**
 * Pending 待办 of a user as flow_todo_counts keeps it (statement triggers on flow_tasks): one row, where counting a
 * heavy approver's 10,000 index entries took milliseconds of every request.
 */
export const pendingCount = (userId: UserId) =>
  sql`coalesce((select ${flowTodoCounts.pending} from ${flowTodoCounts} where ${flowTodoCounts.userId} = ${userId}), 0)`;

/** 待办's total as the badge counts it: the kept pending count, plus the few 前加签-waiting tasks counted. */
export function todoTotal(db: Db, userId: UserId): SQL<number> {
  const waiting = sql`(${db.select({ n: count() }).from(t).where(todoWaiting(userId))})`;
  return sql<number>`(${pendingCount(userId)} + ${waiting})`.mapWith(Number);
}
