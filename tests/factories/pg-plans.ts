import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { PLANNED_ONCE_SETTINGS } from '../../server/db/planned-once';
import { startTestServer, type TestServer } from './test-server';

/** A statement as a pg client sent it. */
export type Captured = { text: string; values: unknown[] };
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Total Cost': number;
  Plans?: PlanNode[];
};

/** A plan and every node under it. */
export const planNodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(planNodes)];

/**
 * Records what every pg client of this process sends (the test server runs in the test's process, so its pool's
 * clients are these), until the returned function is called.
 */
export function captureStatements(into: Captured[]): () => void {
  const originalQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    if (typeof config === 'string') into.push({ text: config, values: values ?? [] });
    else if (config && typeof config === 'object' && 'text' in config)
      into.push({ text: config.text, values: config.values ?? values ?? [] });
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  return () => {
    pg.Client.prototype.query = originalQuery;
  };
}

/**
 * The plan PostgreSQL keeps for a statement prepared as the app prepares it: planned for its values
 * ('force_custom_plan', as the ordinary pool may) or as the named-statement connections plan it ('planned once').
 */
export async function preparedPlan(
  pool: pg.Pool,
  statement: Captured,
  mode: 'force_custom_plan' | 'planned once',
): Promise<PlanNode[]> {
  const literal = (v: unknown): string =>
    typeof v === 'number'
      ? String(v)
      : Array.isArray(v)
        ? `ARRAY[${v.map(literal).join(', ')}]::text[]`
        : `'${String(v).replaceAll("'", "''")}'`;
  const client = await pool.connect();
  try {
    await client.query('deallocate all');
    await client.query(`prepare statement_under_test as ${statement.text}`);
    const settings = mode === 'planned once' ? Object.entries(PLANNED_ONCE_SETTINGS) : [['plan_cache_mode', mode]];
    for (const [name, value] of settings) await client.query(`set ${name} = ${value}`);
    const explained = await client.query(
      `explain (format json) execute statement_under_test(${statement.values.map(literal).join(', ')})`,
    );
    const [
      {
        'QUERY PLAN': [plan],
      },
    ] = explained.rows as [{ 'QUERY PLAN': [{ Plan: PlanNode }] }];
    return planNodes(plan.Plan);
  } finally {
    client.release(true);
  }
}

/** A PostgreSQL test server for one plan suite, filled by `fill`, with a pool of its own on the same database. */
export interface PlanServer {
  server: TestServer;
  pool: pg.Pool;
  /** what the server's pg clients sent since the fill (tests clear it before the request they look at) */
  captured: Captured[];
}

/**
 * Starts the server before the suite, fills it (enough rows that the planner prefers an index where one serves: on a
 * demo-sized table a scan is cheapest), then records what it sends; closes everything after the suite.
 */
export function usePlanServer(fill: (server: TestServer) => Promise<void>): PlanServer {
  const ctx = { captured: [] as Captured[] } as PlanServer;
  let release = (): void => undefined;
  beforeAll(async () => {
    ctx.server = await startTestServer({ driver: 'pg' });
    const name = (
      (await ctx.server.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows[0]!.name;
    ctx.pool = new pg.Pool({ host: '127.0.0.1', user: 'postgres', database: name, max: 1 });
    await fill(ctx.server);
    release = captureStatements(ctx.captured);
    // tens of thousands of rows filled: past the 2 min hook default on a busy CI machine
  }, 600_000);
  afterAll(async () => {
    release();
    await ctx.pool?.end();
    await ctx.server?.close();
  });
  return ctx;
}
