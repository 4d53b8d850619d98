import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import type { Db } from '../server/db/client';
import { users } from '../server/db/schema';
import { listFlows } from '../server/modules/flow/list-service';
import { loginAs, startTestServer, type TestServer } from '../tests/factories/test-server';
import { listRoutes } from '../tests/support-bench/routes';
import { assertRows, medianLoad } from './lib/median-load';
import { seedExtraUsers, seedInbox } from './lib/seed-bench-data';
import { ms, table, type Section } from './lib/section';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EXTRA_USERS = 10_000;
const RUNS = 3;
/** answered by a second app on the same database, which has this one extra route: nothing but app.authenticate */
const SESSION_CHECK = '/bench/session-check';

interface Target {
  name: string;
  path: string;
  /** who calls it (default admin, who owns the 5,000-message inbox) */
  as?: 'admin' | 'lisi';
  /** a list that must answer rows, or the figure measures an empty page */
  list?: boolean;
}

interface LoadRow {
  driver: string;
  name: string;
  path: string;
  status: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratio: number;
}

/** The calls to measure; optional ones only when their module is registered. */
function targetsFor(routes: Set<string>, bigOrg: string): Target[] {
  const has = (route: string) => routes.has(`GET ${route}`);
  const targets: Target[] = [
    { name: 'plain JSON (health)', path: '/api/health' },
    // the same tiny answer behind the session check: separates the cost of auth from the cost of each query
    { name: 'session check only', path: SESSION_CHECK },
    { name: 'current user (session + profile)', path: '/api/upms/user/current' },
  ];
  const flowLists = has('/api/flow/task/:list');
  if (flowLists || has('/api/flow/task/todo'))
    targets.push({
      name: '待办 first page (lisi: has pending)',
      path: '/api/flow/task/todo?pageNum=1&pageSize=10',
      as: 'lisi',
      list: true,
    });
  const mailInbox = [...routes].find((r) => /^GET \/api\/mail\/.*inbox/i.test(r))?.slice(4);
  if (mailInbox && !mailInbox.includes(':'))
    targets.push({ name: 'mail inbox first page', path: `${mailInbox}?pageNum=1&pageSize=10` });
  targets.push({ name: 'message inbox first page', path: '/api/message/inbox?pageNum=1&pageSize=10', list: true });
  targets.push({ name: 'org selector: top level', path: '/api/upms/selector/tree/org/user/nopermfilter/0' });
  targets.push({
    name: `org selector: largest department`,
    path: `/api/upms/selector/tree/org/user/nopermfilter/${bigOrg}`,
  });
  targets.push({
    name: 'selector search "张" (1 char)',
    path: `/api/upms/selector/tree/org/user/nopermfilter/0?queryValue=${encodeURIComponent('张')}`,
  });
  targets.push({
    name: 'selector search "张伟" (2 chars)',
    path: `/api/upms/selector/tree/org/user/nopermfilter/0?queryValue=${encodeURIComponent('张伟')}`,
  });
  targets.push({
    name: 'inbox keyword "请假"',
    path: `/api/message/inbox?pageNum=1&pageSize=10&keyword=${encodeURIComponent('请假')}`,
  });
  if (flowLists)
    targets.push({
      name: 'flow search "请假"',
      path: `/api/flow/task/search?pageNum=1&pageSize=10&keyword=${encodeURIComponent('请假')}`,
    });
  return targets;
}

/** The PGlite target: an authenticated list endpoint (the 待办 first page) at ≥ 500 req/s, 10 connections. */
const PGLITE_LIST_TARGET = 500;
const TODO_ROW = '待办 first page (lisi: has pending)';

/** Calls per second of `call` made one after another in this process (after a warm-up): a ceiling with no HTTP at all. */
async function serialRate(call: () => Promise<unknown>, times = 300): Promise<number> {
  for (let i = 0; i < 30; i += 1) await call();
  const started = performance.now();
  for (let i = 0; i < times; i += 1) await call();
  return Math.round(times / ((performance.now() - started) / 1000));
}

/**
 * What the database alone allows: the 待办 page's service call (the query and its rows, no HTTP, no session check)
 * and a ping, each called serially in the server's process.
 */
async function ceilings(db: Db): Promise<{ todoService: number; ping: number }> {
  const [lisi] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'lisi'));
  const page = await listFlows(db, lisi!.id, 'todo', { pageNum: 1, pageSize: 10 });
  if (page.rows.length === 0) throw new Error('lisi has no 待办: the ceiling would measure an empty page');
  return {
    todoService: await serialRate(() => listFlows(db, lisi!.id, 'todo', { pageNum: 1, pageSize: 10 })),
    ping: await serialRate(() => db.execute(sql`select 1`)),
  };
}

/** A second app on the server's open database with a route that runs only the session check, listening on its own port. */
async function startSessionCheckApp(server: TestServer): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const app = await buildApp({ config: server.config, database: server.database, logger: false });
  app.get(SESSION_CHECK, { preHandler: [app.authenticate] }, async () => ({ code: 200, msg: '', data: null }));
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return { baseUrl, close: () => app.close() };
}

/**
 * The floor: a bare Fastify (no plugin, no session, no envelope code) on the same open database, one route that runs
 * `select 1` and answers a one-line JSON, loaded exactly as the app's calls are. No call of the app can beat it.
 */
async function bareFloor(server: TestServer, driver: 'pglite' | 'pg'): Promise<LoadRow> {
  const bare = Fastify({ logger: false });
  bare.get('/floor', async () => {
    await server.database.db.execute(sql`select 1`);
    return { code: 200, msg: '', data: null };
  });
  const baseUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const figure = await medianLoad(
      `${baseUrl}/floor`,
      {},
      { seconds: Math.max(2, Math.round(DURATION / RUNS)), connections: CONNECTIONS, runs: RUNS },
    );
    return {
      driver,
      name: 'floor: bare Fastify + select 1',
      path: '/floor',
      status: 200,
      rps: figure.rps,
      p50: figure.p50,
      p99: figure.p99,
      errors: figure.errors,
      non2xx: 0,
      ratio: 0,
    };
  } finally {
    await bare.close();
  }
}

async function measure(driver: 'pglite' | 'pg'): Promise<{
  rows: LoadRow[];
  floor: LoadRow;
  orgUsers: number;
  ceilings: { todoService: number; ping: number };
}> {
  const server = await startTestServer({ driver });
  const checker = await startSessionCheckApp(server);
  try {
    const sizes = await seedExtraUsers(server.database.db, EXTRA_USERS);
    await seedInbox(server.database.db, 'admin', 5_000);
    const uids = {
      admin: await loginAs(server.baseUrl, 'admin', 'admin123'),
      lisi: await loginAs(server.baseUrl, 'lisi', '123456'),
    };
    const routes = new Set(listRoutes(server.app).map((r) => `${r.method} ${r.url}`));
    const rows: LoadRow[] = [];
    for (const target of targetsFor(routes, sizes[0]!.orgId)) {
      const uid = uids[target.as ?? 'admin'];
      const url = `${target.path === SESSION_CHECK ? checker.baseUrl : server.baseUrl}${target.path}`;
      if (target.list) await assertRows(url, uid, target.name);
      const probe = await fetch(url, { headers: { uid } });
      await probe.arrayBuffer();
      if (probe.status !== 200) {
        rows.push({
          driver,
          ...target,
          status: probe.status,
          rps: 0,
          p50: NaN,
          p99: NaN,
          errors: 0,
          non2xx: 0,
          ratio: 0,
        });
        continue;
      }
      const figure = await medianLoad(
        url,
        { uid },
        { seconds: Math.max(2, Math.round(DURATION / RUNS)), connections: CONNECTIONS, runs: RUNS },
      );
      rows.push({
        driver,
        ...target,
        status: 200,
        rps: figure.rps,
        p50: figure.p50,
        p99: figure.p99,
        errors: figure.errors,
        non2xx: 0,
        ratio: 0,
      });
    }
    const ceiling = rows[0]!.rps || 1;
    for (const row of rows) row.ratio = row.rps / ceiling;
    const floor = await bareFloor(server, driver);
    floor.ratio = floor.rps / ceiling;
    return { rows, floor, orgUsers: sizes[0]!.users, ceilings: await ceilings(server.database.db) };
  } finally {
    await checker.close();
    await server.close();
  }
}

/** autocannon against the real server on PGlite and on PostgreSQL, with 10,000 extra staff and a 5,000-message inbox. */
export async function runApiLoad(): Promise<Section> {
  const pglite = await measure('pglite');
  const pg = await measure('pg');
  const rows = [...pglite.rows, ...pg.rows];
  const floors = [pglite.floor, pg.floor];
  const failed = rows.filter((r) => r.status !== 200 || r.errors > 0 || r.non2xx > 0);
  const todo = pglite.rows.find((r) => r.name === TODO_ROW);
  const health = (driverRows: LoadRow[]) => driverRows[0]?.rps.toFixed(0) ?? 'n/a'; // the first call is the ceiling
  return {
    title: 'API load (autocannon)',
    passed: failed.length === 0 && todo !== undefined && todo.status === 200 && todo.rps >= PGLITE_LIST_TARGET,
    data: { duration: DURATION, connections: CONNECTIONS, extraUsers: EXTRA_USERS, rows, floors },
    lines: [
      `${CONNECTIONS} connections, ${RUNS} runs of ${Math.max(2, Math.round(DURATION / RUNS))} s per call after a 2 s warm-up, median of the runs; logged in as admin (待办: lisi, who has pending`,
      'tasks; every list is checked to answer rows first). "session check only" is a route that runs the session check and nothing else. The database holds the demo',
      `organisation + ${EXTRA_USERS.toLocaleString('en')} extra staff (largest department: ${pglite.orgUsers} people) and 5,000 inbox messages.`,
      '"× ceiling" is req/s relative to the plain JSON route measured in the same run (its one query is a ping).',
      '',
      ...table(
        ['driver', 'call', 'req/s', 'p50 ms', 'p99 ms', '× ceiling', 'errors / non-2xx'],
        [...rows, ...floors].map((r) => [
          r.driver,
          r.status === 200 ? r.name : `${r.name} (HTTP ${r.status}, skipped)`,
          r.rps.toFixed(0),
          ms(r.p50),
          ms(r.p99),
          r.ratio.toFixed(2),
          `${r.errors} / ${r.non2xx}`,
        ]),
      ),
      '',
      pgliteVerdict(todo, pglite.ceilings),
      `Floor: a bare Fastify with one route that runs \`select 1\` on the same open database (no plugin, no session),`,
      `loaded the same way: ${pglite.floor.rps.toFixed(0)} req/s (p99 ${ms(pglite.floor.p99)} ms) on PGlite and ${pg.floor.rps.toFixed(0)} req/s (p99 ${ms(pg.floor.p99)} ms) on`,
      `PostgreSQL. The app's own plain JSON route (health, one ping query) in the same run: ${health(pglite.rows)} and ${health(pg.rows)} req/s.`,
      `Ceilings without HTTP (serial calls in the server's process): PGlite 待办 page ${pglite.ceilings.todoService}/s, ping ${pglite.ceilings.ping}/s; PostgreSQL 待办 page ${pg.ceilings.todoService}/s, ping ${pg.ceilings.ping}/s.`,
    ],
  };
}

function pgliteVerdict(todo: LoadRow | undefined, ceiling: { todoService: number; ping: number }): string {
  const target = `Target PGlite authenticated list endpoint (待办 first page) ≥ ${PGLITE_LIST_TARGET} req/s at ${CONNECTIONS} connections`;
  if (!todo || todo.status !== 200) return `${target}: **missed** (not measured)`;
  if (todo.rps >= PGLITE_LIST_TARGET && todo.errors === 0) return `${target}: met (${todo.rps.toFixed(0)} req/s).`;
  return (
    `${target}: **missed** (${todo.rps.toFixed(0)} req/s; floor: the page's service call alone, no HTTP and no session check, ` +
    `answers ${ceiling.todoService}/s in the server's process, and PGlite runs every statement on the server's one thread).`
  );
}
