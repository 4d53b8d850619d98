import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { preparedStatementDb } from '../../server/db/client';
import { flowInstances, users } from '../../server/db/schema';
import { listFlows } from '../../server/modules/flow/list-service';
import { fill, fillHeavyApprover } from '../../bench/lib/flow-fill';
import { planNodes, type PlanNode } from '../factories/pg-plans';
import { useServer } from './support/server';

/**
 * On PGlite the app's prepared reads (the 待办 page, the session lookups, a mail folder's page) run as named
 * statements with one generic plan that sorts only as a last resort (server/db/pglite-named.ts, planned-once.ts)
 * instead of being parsed and planned on every call. They share PGlite's one session with everything else, so they
 * must leave it as they found it and never run inside someone else's open transaction.
 */
describe('named statements on PGlite', () => {
  const ctx = useServer('pglite');
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await ctx.server.database.db.execute(query)) as unknown as { rows: T[] };
  const setting = async (name: string) => (await rows<Record<string, string>>(sql.raw(`show ${name}`))).rows[0]![name];
  const lisiId = async () =>
    (await ctx.server.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'lisi')))[0]!.id;

  it('runs the 待办 page as a named statement and leaves the session’s plan mode as it was', async () => {
    expect(preparedStatementDb(ctx.server.database.db)).not.toBe(ctx.server.database.db);
    const page = await (
      await ctx.as('lisi')
    ).get<{ rows: unknown[]; total: number }>('/api/flow/task/todo?pageNum=1&pageSize=10');
    expect(page.body.data.rows.length).toBeGreaterThan(0);
    const named = await rows<{ name: string; statement: string }>(
      sql`select name, statement from pg_prepared_statements`,
    );
    expect(named.rows.some((s) => s.name.startsWith('pglite_named_') && s.statement.includes('"flow_tasks"'))).toBe(
      true,
    );
    expect(await setting('plan_cache_mode')).toBe('auto');
    expect(await setting('enable_sort')).toBe('on');
  });

  it('a heavy approver’s 待办 page comes from the one plan kept for everyone, which walks the page index in order', async () => {
    // at 100,000 tasks PGlite's generic plan, left to its costs, fetched and sorted the approver's every to-do (66 ms
    // for 10,000); on smaller tables it happened to walk the index
    await fill(ctx.server, 100_000, { searchRows: false });
    const heavy = await fillHeavyApprover(ctx.server, 2_000, { searchRows: false });
    const page = await (
      await ctx.as(heavy)
    ).get<{ rows: { createdAt: string }[]; total: number }>('/api/flow/task/todo?pageNum=1&pageSize=10');
    expect(page.body.data.total).toBe(2_000);
    expect(page.body.data.rows).toHaveLength(10);
    const times = page.body.data.rows.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const [kept] = (
      await rows<{ name: string; parameter_types: string; generic_plans: number; custom_plans: number }>(
        sql`select name, parameter_types::text, generic_plans, custom_plans from pg_prepared_statements
            where name like 'pglite_named_%' and statement like '%order by "flow_tasks"."created_at" desc%' and statement not like '%newest_todo%'`,
      )
    ).rows;
    expect(kept).toBeDefined();
    expect(Number(kept!.generic_plans)).toBeGreaterThan(0);
    expect(Number(kept!.custom_plans)).toBe(0);
    // EXPLAIN EXECUTE under force_generic_plan shows the plan kept, as it is (a setting changed since does not re-plan
    // it); any values of the right types will do
    const [{ id }] = await ctx.server.database.db.select({ id: users.id }).from(users).where(eq(users.username, heavy));
    const values = kept!.parameter_types
      .replace(/[{}]/g, '')
      .split(',')
      .map((type) => (type === 'uuid' ? `'${id}'` : '1'));
    let plan: PlanNode[];
    try {
      await ctx.server.database.db.execute(sql`set plan_cache_mode = force_generic_plan`);
      const explained = await rows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        sql.raw(`explain (format json) execute ${kept!.name}(${values.join(', ')})`),
      );
      plan = planNodes(explained.rows[0]!['QUERY PLAN'][0].Plan);
    } finally {
      await ctx.server.database.db.execute(sql`reset plan_cache_mode`);
    }
    expect(
      plan.some((n) => n['Relation Name'] === 'flow_tasks' && n['Index Name'] === 'flow_tasks_todo_page_idx'),
    ).toBe(true);
    expect(
      plan.filter((n) => n['Node Type'] === 'Sort' && JSON.stringify(n).includes('flow_tasks.created_at DESC')),
    ).toEqual([]);
    // 100,000 flows filled on PGlite's one thread: over a minute when the machine is busy, and a fill still running
    // after a timeout held up the next test's queries too
  }, 600_000);

  it('waits for an open transaction and never reads its uncommitted rows', async () => {
    const userId = await lisiId();
    const before = await listFlows(ctx.server.database.db, userId, 'todo', { pageNum: 1, pageSize: 10 });
    const first = before.rows[0]!;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const order: string[] = [];
    const transaction = ctx.server.database.db
      .transaction(async (tx) => {
        await tx
          .update(flowInstances)
          .set({ title: '事务里未提交的标题' })
          .where(eq(flowInstances.id, first.instanceId));
        await gate;
        order.push('rolled back');
        tx.rollback();
      })
      .catch(() => undefined);
    const during = listFlows(ctx.server.database.db, userId, 'todo', { pageNum: 1, pageSize: 10 }).then((page) => {
      order.push('read');
      return page;
    });
    // that the read does NOT finish while the transaction is open has no event to wait for: a short look is all
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    open();
    await transaction;
    const page = await during;
    expect(order).toEqual(['rolled back', 'read']);
    expect(page.rows.find((r) => r.id === first.id)?.title).toBe(first.title);
  });

  it('a refused value fails only its own call; the next calls and the session are unharmed', async () => {
    await expect(
      listFlows(ctx.server.database.db, 'not-a-uuid', 'todo', { pageNum: 1, pageSize: 10 }),
    ).rejects.toThrow();
    const page = await listFlows(ctx.server.database.db, await lisiId(), 'todo', { pageNum: 1, pageSize: 10 });
    expect(page.rows.length).toBeGreaterThan(0);
    expect(await setting('plan_cache_mode')).toBe('auto');
    expect(await setting('enable_sort')).toBe('on');
  });
});
