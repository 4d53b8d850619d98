import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, loginAs, startTestServer, type TestServer } from '../factories/test-server';
import { fill, fillHeavyApprover } from '../../bench/lib/flow-fill';
import { captureStatements, planNodes, preparedPlan, type Captured, type PlanNode } from '../factories/pg-plans';

/**
 * The 待办 count and list run on every home and hub screen. On PostgreSQL with a million tasks, the 前加签 check
 * ("has this waiting task added people who decide first") was costed as a scan of every task, which made the planner
 * pick a nested loop over all users for the list and JIT-compile the counts: 0.4–0.6 s per request for a user with
 * 100 to-dos (bench/flow-load.ts). These tests read the plans PostgreSQL makes for the statements the app sends.
 */
const captured: Captured[] = [];
let release = (): void => undefined;

describe('待办 plans on PostgreSQL', () => {
  let server: TestServer;
  let pool: pg.Pool;

  beforeAll(async () => {
    server = await startTestServer({ driver: 'pg' });
    const name = ((await server.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!.name;
    pool = new pg.Pool({ host: '127.0.0.1', user: 'postgres', database: name, max: 1 });
    // enough tasks that the planner prefers an index where one exists (on a demo-sized table a scan is cheapest)
    await fill(server, 40_000);
    release = captureStatements(captured);
  });

  afterAll(async () => {
    release();
    await pool?.end();
    await server?.close();
  });

  it('the app’s connections run without JIT', async () => {
    const rows = (await server.database.db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] };
    expect(rows.rows[0]!.jit).toBe('off');
  });

  it('the badges’ counts and the 待办 page never scan every task to answer the 前加签 check', async () => {
    const uid = await loginAs(server.baseUrl, 'lisi', '123456');
    captured.length = 0;
    for (const url of ['/api/message/badges', '/api/flow/task/todo?pageNum=1&pageSize=10']) expect((await api(server.baseUrl, uid).get(url)).status).toBe(200);
    const statements = captured.filter((q) => q.text.includes('add_kind'));
    expect(statements.length).toBeGreaterThanOrEqual(2);
    for (const statement of statements) {
      const [{ 'QUERY PLAN': [explained] }] = (await pool.query(`explain (format json) ${statement.text}`, statement.values)).rows as [{ 'QUERY PLAN': [{ Plan: PlanNode }] }];
      const scans = planNodes(explained.Plan).filter((n) => n['Node Type'].includes('Seq Scan') && n['Relation Name'] === 'flow_tasks');
      expect(scans, statement.text.slice(0, 120)).toEqual([]);
    }
  });

  it('a heavy approver’s first 待办 page is read in order off the page index, by the prepared statement’s one plan too', async () => {
    // pending and 前加签-waiting tasks as two conditions made PostgreSQL fetch and sort all of them: 75 ms for 10,000
    const heavy = await fillHeavyApprover(server, 3_000);
    await server.database.db.execute(sql`analyze flow_tasks`);
    const uid = await loginAs(server.baseUrl, heavy, '123456');
    captured.length = 0;
    const page = await api(server.baseUrl, uid).get<{ rows: unknown[]; total: number }>('/api/flow/task/todo?pageNum=1&pageSize=10');
    expect(page.body.data.rows).toHaveLength(10);
    expect(page.body.data.total).toBe(3_000);
    const statement = captured.find((q) => q.text.includes('order by "flow_tasks"."created_at" desc'))!;
    expect(statement).toBeDefined();
    for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
      const all = await preparedPlan(pool, statement, mode);
      expect(all.filter((n) => n['Node Type'] === 'Sort'), mode).toEqual([]);
      expect(all.some((n) => n['Index Name'] === 'flow_tasks_todo_page_idx'), mode).toBe(true);
    }
  });
});
