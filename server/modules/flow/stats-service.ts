import { and, count, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import {
  AGE_BUCKETS,
  type AgeCount,
  type DefinitionStats,
  type DeptStats,
  type FlowStats,
  type MyStats,
  type SlowNode,
  type StatsScope,
} from '@contract/flow-stats';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { flowDefinitions, flowInstances, flowTasks, flowTaskTimers, orgs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Principal } from '../session/service';

const DAY_MS = 24 * 60 * 60 * 1000;
/** the window the durations and volumes look back over */
const WINDOW_DAYS = 90;
const since = () => new Date(Date.now() - WINDOW_DAYS * DAY_MS);

/** The first of this month at midnight, China time (UTC+8). */
export function monthStart(now = new Date()): Date {
  const local = new Date(now.getTime() + 8 * 3600_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - 8 * 3600_000);
}

const minutesBetween = (from: SQL | unknown, to: SQL | unknown) => sql`extract(epoch from (${to} - ${from})) / 60`;
const median = (value: SQL) => sql<number | null>`percentile_cont(0.5) within group (order by ${value})`;
const round = (n: number | string | null) => (n === null ? null : Math.round(Number(n) * 10) / 10);

/** Open to-dos (pending, not a returned request back at its applicant) by how long they have waited. */
async function waitingByAge(db: Db, assignees: SQL): Promise<AgeCount[]> {
  const age = sql`now() - ${flowTasks.createdAt}`;
  const bucket = sql<number>`case when ${age} < interval '1 day' then 0 when ${age} < interval '3 days' then 1
    when ${age} < interval '7 days' then 2 else 3 end`.mapWith(Number);
  const rows = await db
    .select({ bucket, n: count() })
    .from(flowTasks)
    .where(and(sql`${flowTasks.status} = 'pending'`, sql`not ${flowTasks.returnedToInitiator}`, assignees))
    .groupBy(sql`1`);
  return AGE_BUCKETS.map((label, i) => ({ label, count: toCount(rows.find((r) => r.bucket === i)?.n) }));
}

async function myStats(db: Db, userId: string): Promise<MyStats> {
  const mine = eq(flowTasks.assigneeId, userId);
  const handled = and(mine, sql`${flowTasks.status} in ('done', 'transferred')`);
  const [month] = await db
    .select({ n: count() })
    .from(flowTasks)
    .where(and(handled, gte(flowTasks.handledAt, monthStart())));
  const [typical] = await db
    .select({ m: median(minutesBetween(flowTasks.createdAt, flowTasks.handledAt)) })
    .from(flowTasks)
    .where(and(handled, gte(flowTasks.handledAt, since())));
  return {
    handledThisMonth: toCount(month?.n),
    medianMinutes: round(typical?.m ?? null),
    waitingByAge: await waitingByAge(db, mine),
  };
}

/** The departments `userId` leads, with every department under them. */
const ledOrgs = (userId: string) => sql`(with recursive led(id) as (
    select ${orgs.id} from ${orgs} where ${orgs.leaderUserId} = ${userId}
    union select o.id from orgs o join led on o.parent_id = led.id
  ) select id from led)`;
const inLedOrgs = (userId: string) =>
  sql`${flowTasks.assigneeId} in (select u.id from users u where u.org_id in ${ledOrgs(userId)})`;

async function leads(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ name: orgs.name }).from(orgs).where(eq(orgs.leaderUserId, userId));
  return rows.map((r) => r.name);
}

async function slowestNodes(db: Db, where: SQL | undefined, limit: number): Promise<(SlowNode & { code: string })[]> {
  const waited = median(minutesBetween(flowTasks.createdAt, sql`coalesce(${flowTasks.handledAt}, now())`));
  const rows = await db
    .select({
      code: flowDefinitions.code,
      definitionName: sql<string>`max(${flowDefinitions.name})`,
      nodeName: flowTasks.nodeName,
      medianMinutes: waited,
      tasks: count(),
    })
    .from(flowTasks)
    .innerJoin(flowInstances, eq(flowInstances.id, flowTasks.instanceId))
    .innerJoin(flowDefinitions, eq(flowDefinitions.id, flowInstances.definitionId))
    .where(
      and(
        gte(flowTasks.createdAt, since()),
        sql`${flowTasks.status} <> 'cancelled'`,
        sql`not ${flowTasks.returnedToInitiator}`,
        where,
      ),
    )
    .groupBy(flowDefinitions.code, flowTasks.nodeName)
    .orderBy(sql`4 desc`)
    .limit(limit);
  return rows.map((r) => ({ ...r, medianMinutes: round(r.medianMinutes) ?? 0, tasks: toCount(r.tasks) }));
}

async function deptStats(db: Db, userId: string, orgNames: string[]): Promise<DeptStats> {
  const members = inLedOrgs(userId);
  const [overdue] = await db
    .select({ n: count() })
    .from(flowTasks)
    .where(
      and(
        sql`${flowTasks.status} = 'pending'`,
        members,
        sql`exists (select 1 from ${flowTaskTimers} where ${flowTaskTimers.taskId} = ${flowTasks.id}
          and ${flowTaskTimers.kind} <> 'remind' and ${flowTaskTimers.dueAt} <= now())`,
      ),
    );
  return {
    orgNames,
    waitingByAge: await waitingByAge(db, members),
    slowestNodes: (await slowestNodes(db, members, 5)).map(({ code: _, ...node }) => node),
    overdue: toCount(overdue?.n),
  };
}

async function allStats(db: Db): Promise<{ definitions: DefinitionStats[] }> {
  const hours = sql`extract(epoch from (${flowInstances.finishedAt} - ${flowInstances.createdAt})) / 3600`;
  const finished = sql`${flowInstances.status} in ('approved', 'rejected')`;
  const rows = await db
    .select({
      code: flowDefinitions.code,
      name: sql<string>`max(${flowDefinitions.name})`,
      volume: count(),
      finished: sql<number>`count(*) filter (where ${finished})`.mapWith(Number),
      rejected: sql<number>`count(*) filter (where ${flowInstances.status} = 'rejected')`.mapWith(Number),
      medianHours: sql<number | null>`percentile_cont(0.5) within group (order by ${hours}) filter (where ${finished})`,
      p90Hours: sql<number | null>`percentile_cont(0.9) within group (order by ${hours}) filter (where ${finished})`,
    })
    .from(flowInstances)
    .innerJoin(flowDefinitions, eq(flowDefinitions.id, flowInstances.definitionId))
    .where(and(gte(flowInstances.createdAt, since()), sql`${flowInstances.status} <> 'draft'`))
    .groupBy(flowDefinitions.code)
    .orderBy(sql`3 desc`, flowDefinitions.code);
  const codes = rows.map((r) => r.code);
  const nodes = codes.length
    ? await slowestNodes(db, inArray(flowDefinitions.code, codes), 1000)
    : ([] as (SlowNode & { code: string })[]);
  return {
    definitions: rows.map((r) => {
      // nodes come slowest first: the first of the definition is its slowest
      const slow = nodes.find((n) => n.code === r.code);
      return {
        code: r.code,
        name: r.name,
        volume: toCount(r.volume),
        finished: r.finished,
        medianHours: round(r.medianHours),
        p90Hours: round(r.p90Hours),
        rejectionRate: r.finished ? Math.round((r.rejected / r.finished) * 1000) / 1000 : null,
        slowestNode: slow ? { nodeName: slow.nodeName, medianMinutes: slow.medianMinutes } : null,
      };
    }),
  };
}

/** The scopes a person may read: their own always, their departments' when they lead one, all flows for admins. */
function scopesOf(user: Principal, led: string[]): StatsScope[] {
  const scopes: StatsScope[] = ['me'];
  if (led.length > 0) scopes.push('dept');
  if (user.roles.includes('admin')) scopes.push('all');
  return scopes;
}

/** GET /api/flow/stats: one scope's figures, refused for a scope the person may not read. */
export async function flowStats(db: Db, user: Principal, scope: StatsScope): Promise<FlowStats> {
  // the departments led decide the dept scope and are what it shows: read once
  const led = await leads(db, user.id);
  const scopes = scopesOf(user, led);
  if (!scopes.includes(scope))
    throw new AppError(403, scope === 'dept' ? '只有部门负责人可以查看本部门统计' : '只有管理员可以查看全部流程统计');
  if (scope === 'me') return { scope, scopes, me: await myStats(db, user.id) };
  if (scope === 'dept') return { scope, scopes, dept: await deptStats(db, user.id, led) };
  return { scope, scopes, all: await allStats(db) };
}
