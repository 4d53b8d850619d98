// 待办 list, flow detail and home badges side by side under one load: two real server processes on one PostgreSQL,
// 300 connections at once (each request as one of 300 users). Standalone on a smaller fill:
// `npx tsx bench/lib/detail-badges-load.ts` (DETAIL_BENCH_TASKS, default 200,000).
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import type { Db } from '../../server/db/client';
import { loginAs, startTestServer } from '../../tests/factories/test-server';
import { spawnServer, type ServerProcess } from '../../tests/support-bench/spawn-server';
import { fill, USERS } from './flow-fill';
import { median } from './section';

export const CONNECTIONS = 300;
const RUNS = 3;
const SECONDS = 15;
const KINDS = ['list', 'detail', 'badges'] as const;
type Kind = (typeof KINDS)[number];

interface Figure {
  /** answers within the runs; none means every request took longer than a run (p50 and p95 then say ≥ a run) */
  answered: number;
  p50: number;
  p95: number;
  rps: number;
  errors: number;
}
export type DetailBadgesFigures = Record<Kind, Figure> & { load: number; users: number; processes: number };

interface Visitor {
  uid: string;
  instanceId: string;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!);

async function json<T>(url: string, uid: string): Promise<{ status: number; body: { code: number; data: T } }> {
  const res = await fetch(url, { headers: { uid } });
  return { status: res.status, body: (await res.json()) as { code: number; data: T } };
}

/**
 * Logs in `count` fill users that hold to-dos and picks, for each, the instance of their first to-do (one they may
 * see); refuses to measure when a list, a detail or a badge comes back empty.
 */
async function visitors(db: Db, baseUrl: string, count: number): Promise<Visitor[]> {
  const out: Visitor[] = [];
  // fill() gives the pending task of instance g to user (4g mod USERS) + 1: users 1, 5, 9, … hold to-dos
  for (let k = 0; out.length < count && 4 * k + 1 <= USERS; k += 1) {
    const uid = await loginAs(baseUrl, `bench${4 * k + 1}`, '123456');
    const todo = await json<{ rows: { instanceId: string }[] }>(`${baseUrl}/api/flow/task/todo`, uid);
    const instanceId = todo.body.data?.rows?.[0]?.instanceId;
    if (!instanceId) throw new Error(`bench${4 * k + 1}: 待办 is empty (HTTP ${todo.status})`);
    out.push({ uid, instanceId });
  }
  // the fill writes no trace: a submit step per measured instance, so the detail reads a trace as a real one does
  await db.execute(sql`insert into flow_logs (instance_id, node_id, node_name, actor_id, action, opinion)
    select i.id, 'start', '发起', i.initiator_id, 'submit', '' from flow_instances i
    where i.id = any(${sql.param(out.map((v) => v.instanceId))}::uuid[])
      and not exists (select 1 from flow_logs l where l.instance_id = i.id)`);
  const probe = out[0]!;
  const detail = await json<{ id: string; trace: unknown[]; currentHandlers: string[] }>(
    `${baseUrl}/api/flow/instances/${probe.instanceId}`,
    probe.uid,
  );
  if (detail.body.data?.id !== probe.instanceId || !detail.body.data.trace.length || !detail.body.data.currentHandlers)
    throw new Error(`detail came back empty: HTTP ${detail.status}, ${JSON.stringify(detail.body).slice(0, 200)}`);
  const badges = await json<{ flow: number }>(`${baseUrl}/api/message/badges`, probe.uid);
  if (!(badges.body.data?.flow > 0)) throw new Error(`badges show no 待办: ${JSON.stringify(badges.body)}`);
  return out;
}

const paths: Record<Kind, (v: Visitor) => string> = {
  list: () => '/api/flow/task/todo',
  detail: (v) => `/api/flow/instances/${v.instanceId}`,
  badges: () => '/api/message/badges',
};

/** One run: every kind against every server at once, the connections split evenly; latencies by kind. */
async function run(servers: ServerProcess[], people: Visitor[], seconds: number) {
  const times: Record<Kind, number[]> = { list: [], detail: [], badges: [] };
  const counts: Record<Kind, { total: number; errors: number }> = {
    list: { total: 0, errors: 0 },
    detail: { total: 0, errors: 0 },
    badges: { total: 0, errors: 0 },
  };
  let next = 0;
  const per = Math.round(CONNECTIONS / (KINDS.length * servers.length));
  await Promise.all(
    KINDS.flatMap((kind) =>
      servers.map(async (server) => {
        const instance = autocannon({
          url: server.baseUrl,
          connections: per,
          duration: seconds,
          timeout: 60,
          requests: [
            {
              setupRequest: (req: Record<string, unknown>) => {
                const who = people[next++ % people.length]!;
                return { ...req, path: paths[kind](who), headers: { uid: who.uid } };
              },
            },
          ],
        });
        instance.on('response', (_c: unknown, _s: number, _b: number, ms: number) => times[kind].push(ms));
        const r = await instance;
        counts[kind].total += r.requests.total;
        counts[kind].errors += r.errors + r.timeouts + r.non2xx;
      }),
    ),
  );
  return Object.fromEntries(
    KINDS.map((kind) => {
      const sorted = Float64Array.from(times[kind]).sort();
      const figure: Figure = {
        answered: counts[kind].total,
        // nothing answered within the run: every request took longer than it (autocannon counts no request in flight)
        p50: counts[kind].total ? percentile(sorted, 0.5) : seconds * 1000,
        p95: counts[kind].total ? percentile(sorted, 0.95) : seconds * 1000,
        rps: Math.round(counts[kind].total / seconds),
        errors: counts[kind].errors + (counts[kind].total === 0 ? 1 : 0),
      };
      return [kind, figure];
    }),
  ) as Record<Kind, Figure>;
}

/**
 * List, detail and badges at the same load on a filled PostgreSQL database: two server processes (pool size from
 * DB_POOL_SIZE, default 10), CONNECTIONS connections, RUNS runs of SECONDS after a warm-up; medians of the runs.
 */
export async function detailBadgesUnderLoad(db: Db, databaseUrl: string): Promise<DetailBadgesFigures> {
  const servers = await Promise.all([0, 1].map(() => spawnServer({ DATABASE_URL: databaseUrl })));
  try {
    const people = await visitors(db, servers[0]!.baseUrl, CONNECTIONS);
    await run(servers, people, 5);
    const runs: Record<Kind, Figure>[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await run(servers, people, SECONDS));
    const pick = (kind: Kind): Figure => ({
      answered: runs.reduce((sum, r) => sum + r[kind].answered, 0),
      p50: median(runs.map((r) => r[kind].p50)),
      p95: median(runs.map((r) => r[kind].p95)),
      rps: median(runs.map((r) => r[kind].rps)),
      errors: runs.reduce((sum, r) => sum + r[kind].errors, 0),
    });
    return {
      list: pick('list'),
      detail: pick('detail'),
      badges: pick('badges'),
      load: os.loadavg()[0]!,
      users: people.length,
      processes: servers.length,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/** Markdown lines with the target "detail and badges ≤ 2× list" and its verdict. */
export function detailBadgesLines(f: DetailBadgesFigures, tasks: number): string[] {
  const ratio = (kind: Kind) => (f.list.p50 > 0 ? f[kind].p50 / f.list.p50 : Infinity);
  // a kind that never answered within a run shows the run's length as a floor
  const at = (figure: Figure, p: 'p50' | 'p95') => (figure.answered ? String(figure[p]) : `≥ ${figure[p]}`);
  const errors = KINDS.reduce((sum, kind) => sum + f[kind].errors, 0);
  const met = errors === 0 && ratio('detail') <= 2 && ratio('badges') <= 2;
  return [
    `Detail and badges under load: ${f.processes} server processes on one PostgreSQL (${tasks.toLocaleString()} tasks; pool ${process.env.DB_POOL_SIZE ?? 10} per pool), ${CONNECTIONS} connections at once split evenly over 待办 list, detail and badges and over both processes, each request as one of ${f.users} users with to-dos (detail: the instance of the user's first to-do); ${RUNS} runs of ${SECONDS} s, median of the runs. autocannon runs in the bench's process on the same ${os.cpus().length} shared cores: latency is mostly queueing, the ratio within the run is what counts.`,
    '',
    '| request | p50 (ms) | p95 (ms) | req/s | p50 ÷ list p50 | errors |',
    '|---|---|---|---|---|---|',
    ...KINDS.map(
      (kind) =>
        `| ${kind === 'list' ? '待办 list' : kind} | ${at(f[kind], 'p50')} | ${at(f[kind], 'p95')} | ${f[kind].rps} | ${ratio(kind).toFixed(2)} | ${f[kind].errors} |`,
    ),
    '',
    `Target detail and badges ≤ 2× list (p50, same load): ${met ? 'met' : '**missed**'} (detail ${ratio('detail').toFixed(2)}×, badges ${ratio('badges').toFixed(2)}×${errors ? `, ${errors} errors` : ''}). Machine load (1-min average) after the runs: ${f.load.toFixed(1)}.`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tasks = Number(process.env.DETAIL_BENCH_TASKS ?? 200_000);
  const server = await startTestServer({ driver: 'pg' });
  try {
    await fill(server, tasks);
    const figures = await detailBadgesUnderLoad(server.database.db, server.config.databaseUrl!);
    console.log(detailBadgesLines(figures, tasks).join('\n'));
    console.log(JSON.stringify(figures));
  } finally {
    await server.close();
  }
}
