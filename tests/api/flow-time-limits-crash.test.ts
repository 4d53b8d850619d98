import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { flowInstances, flowLogs, flowTasks, flowTaskTimers, messages } from '../../server/db/schema';
import { toCount } from '../../server/db/client';
import { oneNodeDefinition, userId } from '../factories/flow-client';
import { api, loginAs } from '../factories/test-server';
import {
  createSeededPgDatabase,
  openServerDatabase,
  spawnServer,
  type ServerProcess,
} from '../support-bench/spawn-server';

const REQUESTS = 30;

// two processes can only share PostgreSQL (the embedded database has one owner)
describe('node time limits across two server processes and a kill -9 on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const clean of cleanups.reverse()) await clean().catch(() => undefined);
  });

  it(`reminds, escalates and approves each of ${REQUESTS} requests exactly once`, async () => {
    const pg = await createSeededPgDatabase('oa_timer_crash');
    cleanups.push(() => pg.drop());
    const env = { DATABASE_URL: pg.url, FLOW_TIMER_POLL_MS: '50' };
    const servers: ServerProcess[] = await Promise.all([spawnServer(env), spawnServer(env)]);
    cleanups.push(() => Promise.all(servers.map((s) => s.kill9())).then(() => undefined));
    const [first, second] = servers as [ServerProcess, ServerProcess];

    const admin = api(first.baseUrl, await loginAs(first.baseUrl, 'admin', 'admin123'));
    const run = randomBytes(3).toString('hex');
    const defined = await admin.post<{ id: string }>(
      '/api/flow/definitions',
      oneNodeDefinition(`timed-crash-${run}`, '限时审批', [userId('lisi')], {
        name: '限时审核',
        timeLimit: { remindAfterMinutes: 1, escalateAfterMinutes: 1, expireAfterMinutes: 1, onExpire: 'approve' },
      }),
    );
    expect(defined.status, defined.body.msg).toBe(200);
    const zhangsan = api(second.baseUrl, await loginAs(second.baseUrl, 'zhangsan', '123456'));
    const started = await Promise.all(
      Array.from({ length: REQUESTS }, () =>
        zhangsan.post<{ id: string }>('/api/flow/instances', {
          definitionId: defined.body.data.id,
          formData: { note: run },
        }),
      ),
    );
    expect(started.map((s) => s.status).filter((s) => s !== 200)).toEqual([]);
    const ids = started.map((s) => s.body.data.id);

    const database = await openServerDatabase(env);
    cleanups.push(() => database.close());
    const db = database.db;
    const timers = db
      .select({ id: flowTaskTimers.id })
      .from(flowTaskTimers)
      .innerJoin(flowTasks, eq(flowTasks.id, flowTaskTimers.taskId))
      .where(inArray(flowTasks.instanceId, ids));
    const timerIds = (await timers).map((t) => t.id);
    expect(timerIds).toHaveLength(REQUESTS * 3);
    // the minutes pass for all of them at once, in their order (remind, escalate, expire); one process dies while
    // both are firing
    for (const [kind, ago] of [
      ['remind', 3],
      ['escalate', 2],
      ['expire', 1],
    ] as const)
      await db
        .update(flowTaskTimers)
        .set({ dueAt: sql`now() - make_interval(mins => ${ago})` })
        .where(and(inArray(flowTaskTimers.id, timerIds), eq(flowTaskTimers.kind, kind)));
    const settled = async () =>
      toCount(
        (
          await db
            .select({ n: count() })
            .from(flowTaskTimers)
            .where(and(inArray(flowTaskTimers.id, timerIds), sql`${flowTaskTimers.status} <> 'pending'`))
        )[0]?.n,
      );
    await expect.poll(settled, { timeout: 30_000, interval: 20 }).toBeGreaterThan(5);
    await first.kill9();
    expect(await settled(), 'the kill came before every timer fired').toBeLessThan(REQUESTS * 3);
    await expect.poll(settled, { timeout: 60_000, interval: 100 }).toBe(REQUESTS * 3);

    const perInstance = async (where: ReturnType<typeof and>) =>
      (
        await db
          .select({ id: flowLogs.instanceId, n: count() })
          .from(flowLogs)
          .where(and(inArray(flowLogs.instanceId, ids), where))
          .groupBy(flowLogs.instanceId)
      ).map((r) => toCount(r.n));
    expect(await perInstance(eq(flowLogs.action, 'approve'))).toEqual(Array(REQUESTS).fill(1));
    const statuses = await db
      .select({ status: flowInstances.status })
      .from(flowInstances)
      .where(inArray(flowInstances.id, ids));
    expect(statuses.every((s) => s.status === 'approved')).toBe(true);
    expect(await perInstance(eq(flowLogs.action, 'timeout'))).toEqual(Array(REQUESTS).fill(1));
    const reminders = await db
      .select({ n: count() })
      .from(messages)
      .where(
        sql`${messages.title} like '待办即将超时：%' and ${messages.link} like any(${sql.param(ids.map((id) => `%${id}`))})`,
      );
    expect(toCount(reminders[0]?.n)).toBe(REQUESTS);
    const outcomes = await db
      .select({ status: flowTaskTimers.status, n: count() })
      .from(flowTaskTimers)
      .where(inArray(flowTaskTimers.id, timerIds))
      .groupBy(flowTaskTimers.status);
    expect(Object.fromEntries(outcomes.map((o) => [o.status, toCount(o.n)]))).toEqual({ fired: REQUESTS * 3 });
  }, 180_000);
});
