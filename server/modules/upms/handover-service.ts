import { and, count, eq, sql } from 'drizzle-orm';
import type { HandoverResult, OpenWork } from '@contract/upms';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { flowInstances, flowTasks, groups, handoverRecords, meetings, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { departmentHead } from '../flow/assignees';

const OPEN_TASK = sql`${flowTasks.status} in ('pending', 'waiting')`;
const OWN_REQUEST = sql`${flowInstances.status} in ('draft', 'running', 'returned')`;
const COMING_MEETING = and(sql`${meetings.status} <> 'cancelled'`, sql`${meetings.endAt} > now()`);

/** What a person still holds: open tasks, drafts and running requests, coming meetings they organise, groups. */
export async function openWorkOf(db: Db, userId: string): Promise<OpenWork> {
  const [row] = await db
    .select({
      tasks: db.$count(flowTasks, and(eq(flowTasks.assigneeId, userId), OPEN_TASK)),
      requests: db.$count(flowInstances, and(eq(flowInstances.initiatorId, userId), OWN_REQUEST)),
      meetings: db.$count(meetings, and(eq(meetings.organizerId, userId), COMING_MEETING)),
      groups: db.$count(groups, eq(groups.ownerId, userId)),
    })
    .from(sql`(select 1) as one`);
  const work = {
    tasks: toCount(row?.tasks),
    requests: toCount(row?.requests),
    meetings: toCount(row?.meetings),
    groups: toCount(row?.groups),
  };
  const [head] = await departmentHead(db, userId);
  return {
    ...work,
    total: work.tasks + work.requests + work.meetings + work.groups,
    suggestedReceiverId: head ?? null,
  };
}

async function requireReceiver(tx: Db, fromId: string, toId: string) {
  if (fromId === toId) throw new AppError(400, '不能交接给本人');
  const [to] = await tx.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, toId));
  if (!to) throw new AppError(400, '交接人不存在');
  if (to.status !== 'active') throw new AppError(400, '交接人已停用，请另选');
}

/** Moves everything `fromId` holds to `toId` in the caller's transaction, writing one audit row per item. */
export async function handOver(tx: Db, fromId: string, toId: string, byId: string): Promise<HandoverResult> {
  await requireReceiver(tx, fromId, toId);
  const tasks = await tx
    .update(flowTasks)
    .set({ assigneeId: toId })
    .where(and(eq(flowTasks.assigneeId, fromId), OPEN_TASK))
    .returning({ id: flowTasks.id });
  const requests = await tx
    .update(flowInstances)
    .set({ initiatorId: toId })
    .where(and(eq(flowInstances.initiatorId, fromId), OWN_REQUEST))
    .returning({ id: flowInstances.id });
  const moved = await tx
    .update(meetings)
    .set({ organizerId: toId })
    .where(and(eq(meetings.organizerId, fromId), COMING_MEETING))
    .returning({ id: meetings.id });
  const owned = await tx
    .update(groups)
    .set({ ownerId: toId })
    .where(eq(groups.ownerId, fromId))
    .returning({ id: groups.id });
  const items = [
    ...tasks.map((r) => ({ itemKind: 'task', itemId: r.id })),
    ...requests.map((r) => ({ itemKind: 'request', itemId: r.id })),
    ...moved.map((r) => ({ itemKind: 'meeting', itemId: r.id })),
    ...owned.map((r) => ({ itemKind: 'group', itemId: r.id })),
  ];
  if (items.length > 0)
    await tx
      .insert(handoverRecords)
      .values(items.map((item) => ({ ...item, fromUserId: fromId, toUserId: toId, byUserId: byId })));
  return { tasks: tasks.length, requests: requests.length, meetings: moved.length, groups: owned.length };
}

/** How many hand-over rows a person's departure wrote (for the record and the tests). */
export async function handoverCount(db: Db, fromId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(handoverRecords).where(eq(handoverRecords.fromUserId, fromId));
  return toCount(row?.n);
}

/** Disables a person; with open work, only together with a hand-over to `receiverId`. */
export async function disableUser(tx: Db, userId: string, byId: string, receiverId: string | undefined) {
  if (userId === byId) throw new AppError(400, '不能停用自己的账号');
  const [person] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId));
  if (!person) throw new AppError(404, '人员不存在');
  const work = await openWorkOf(tx, userId);
  const handed = receiverId ? await handOver(tx, userId, receiverId, byId) : null;
  if (!handed && work.total > 0) throw new AppError(409, `该人员还有${work.total}项未完成的工作，请先指定交接人`);
  await tx.update(users).set({ status: 'disabled' }).where(eq(users.id, userId));
  return { handedOver: handed };
}
