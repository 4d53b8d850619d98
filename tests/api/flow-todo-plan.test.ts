import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, loginAs } from '../factories/test-server';
import { fill, fillHeavyApprover } from '../../bench/lib/flow-fill';
import { TODO_SEARCH_WINDOW } from '../../server/modules/flow/list-service';
import { planNodes, preparedPlan, usePlanServer, type PlanNode } from '../factories/pg-plans';

/**
 * The 待办 count and list run on every home and hub screen. On PostgreSQL with a million tasks, the 前加签 check
 * ("has this waiting task added people who decide first") was costed as a scan of every task, which made the planner
 * pick a nested loop over all users for the list and JIT-compile the counts: 0.4–0.6 s per request for a user with
 * 100 to-dos (bench/flow-load.ts). These tests read the plans PostgreSQL makes for the statements the app sends.
 */
describe('待办 plans on PostgreSQL', () => {
  // 100,000 tasks: at this size the generic plan, left to its costs, fetched and sorted a heavy approver's every to-do.
  // The 待办 keyword search reads the instances' own grams, so the one search index (a row per instance, its 拼音
  // keys made row by row) is left empty: with it the fill alone passed ten minutes on a busy machine.
  const ctx = usePlanServer((server) => fill(server, 100_000, { searchRows: false }));

  it('the app’s connections run without JIT', async () => {
    const rows = (await ctx.server.database.db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] };
    expect(rows.rows[0]!.jit).toBe('off');
  });

  it('the hub’s counts, the badges and the 待办 page never scan every task to answer the 前加签 check', async () => {
    const uid = await loginAs(ctx.server.baseUrl, 'lisi', '123456');
    ctx.captured.length = 0;
    // the badge reads the kept pending count alone; the hub's counts and the page carry the 前加签 check
    for (const url of ['/api/message/badges', '/api/flow/counts', '/api/flow/task/todo?pageNum=1&pageSize=10'])
      expect((await api(ctx.server.baseUrl, uid).get(url)).status).toBe(200);
    const statements = ctx.captured.filter((q) => q.text.includes('add_kind'));
    expect(statements.length).toBeGreaterThanOrEqual(2);
    for (const statement of statements) {
      const [
        {
          'QUERY PLAN': [explained],
        },
      ] = (await ctx.pool.query(`explain (format json) ${statement.text}`, statement.values)).rows as [
        { 'QUERY PLAN': [{ Plan: PlanNode }] },
      ];
      const scans = planNodes(explained.Plan).filter(
        (n) => n['Node Type'].includes('Seq Scan') && n['Relation Name'] === 'flow_tasks',
      );
      expect(scans, statement.text.slice(0, 120)).toEqual([]);
    }
  });

  it('a heavy approver’s first 待办 page is read in order off the page index, by the prepared statement’s one plan too', async () => {
    // pending and 前加签-waiting tasks as two conditions made PostgreSQL fetch and sort all of them: 75 ms for 10,000
    const heavy = await fillHeavyApprover(ctx.server, 3_000, { searchRows: false });
    const uid = await loginAs(ctx.server.baseUrl, heavy, '123456');
    ctx.captured.length = 0;
    const page = await api(ctx.server.baseUrl, uid).get<{ rows: unknown[]; total: number }>(
      '/api/flow/task/todo?pageNum=1&pageSize=10',
    );
    expect(page.body.data.rows).toHaveLength(10);
    expect(page.body.data.total).toBe(3_000);
    const statement = ctx.captured.find((q) => q.text.includes('order by "flow_tasks"."created_at" desc'))!;
    expect(statement).toBeDefined();
    for (const mode of ['force_custom_plan', 'planned once'] as const) {
      const all = await preparedPlan(ctx.pool, statement, mode);
      expect(
        all.filter((n) => n['Node Type'] === 'Sort'),
        mode,
      ).toEqual([]);
      expect(
        all.some((n) => n['Index Name'] === 'flow_tasks_todo_page_idx'),
        mode,
      ).toBe(true);
    }
  }, 120_000);

  it('a keyword search in 待办 reads the newest to-dos in order by one plan, and a rare word past them is still found', async () => {
    // the heavy approver of the test above holds 3,000 to-dos, every one "张伟的请假"
    const uid = await loginAs(ctx.server.baseUrl, 'benchheavy', '123456');
    const client = api(ctx.server.baseUrl, uid);
    const todo = await client.get<{ rows: { id: string }[] }>('/api/flow/task/todo?pageNum=2&pageSize=10');
    ctx.captured.length = 0;
    const found = await client.get<{ rows: { id: string }[]; total: number }>(
      `/api/flow/task/todo?pageNum=2&pageSize=10&keyword=${encodeURIComponent('请假')}`,
    );
    expect(found.body.data.rows.map((r) => r.id)).toEqual(todo.body.data.rows.map((r) => r.id));
    expect(found.body.data.total).toBe(21);
    const statement = ctx.captured.find((q) => q.text.includes('"newest_todo"'))!;
    expect(statement).toBeDefined();
    const plan = await preparedPlan(ctx.pool, statement, 'planned once');
    expect(plan.filter((n) => n['Node Type'] === 'Sort')).toEqual([]);
    expect(plan.some((n) => n['Index Name'] === 'flow_tasks_todo_page_idx')).toBe(true);

    // the oldest to-do, far past the window, is the only one about a fever
    const oldest = (await ctx.server.database.db.execute(
      sql`select instance_id from flow_tasks where assignee_id = md5('bench-heavy')::uuid order by created_at limit 1`,
    )) as unknown as { rows: { instance_id: string }[] };
    await ctx.server.database.db.execute(
      sql`update flow_instances set title = '张伟发烧请假', search_grams = search_grams || ARRAY['发', '发烧', '烧', '烧请', '伟发']::text[] where id = ${oldest.rows[0]!.instance_id}`,
    );
    expect(TODO_SEARCH_WINDOW).toBeLessThan(3_000);
    const fever = await client.get<{ rows: { instanceId: string; title: string }[]; total: number }>(
      `/api/flow/task/todo?keyword=${encodeURIComponent('发烧')}`,
    );
    expect(fever.body.data.rows.map((r) => [r.instanceId, r.title])).toEqual([
      [oldest.rows[0]!.instance_id, '张伟发烧请假'],
    ]);
    expect(fever.body.data.total).toBe(1);
  });
});
