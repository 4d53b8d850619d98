// What a searchable write pays in its trigger: the 拼音 keys and grams of one 审批 request (flow_instances → search_put),
// on PostgreSQL and on PGlite. Requests are inserted 200 at a time with generate_series; the floor is the same insert
// with the search trigger off. Median of 5 runs. Target: ≤ 5 ms per request on PostgreSQL.
// Standalone: `npx tsx bench/search-write.ts`.
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../tests/factories/test-server';
import { median, table } from './lib/section';

const ROWS = 200;
const RUNS = 5;
const TARGET_MS = 5;

async function count(server: TestServer, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await server.database.db.execute(query)) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]!.n);
}

/** Milliseconds per request of one batch, checked to have written (or, with the trigger off, not written) search rows. */
async function batch(server: TestServer, tag: string, indexed: boolean): Promise<number> {
  const entries = () => count(server, sql`select count(*) as n from search_entries where module = 'flow'`);
  const before = await entries();
  const started = performance.now();
  await server.database.db
    .execute(sql`insert into flow_instances (id, definition_id, serial, title, initiator_id, status,
      current_node_id, form_data, search_grams, created_at)
    select md5(${tag} || g)::uuid, (select id from flow_definitions where code = 'leave'), ${tag} || g,
      '张伟的请假（差旅）' || g, (select id from users where username = 'zhangsan'), 'running', 'dept',
      jsonb_build_object('reason', '回老家参加婚礼，行程重庆—长沙', 'days', g % 5 + 1), '{}', now()
    from generate_series(1, ${ROWS}) g`);
  const perRow = (performance.now() - started) / ROWS;
  const added = (await entries()) - before;
  if (added !== (indexed ? ROWS : 0))
    throw new Error(`${tag}: ${added} search rows written, expected ${indexed ? ROWS : 0}`);
  return perRow;
}

async function measure(driver: 'pg' | 'pglite') {
  const server = await startTestServer({ driver });
  const trigger = (state: 'enable' | 'disable') =>
    server.database.db.execute(sql.raw(`alter table flow_instances ${state} trigger flow_instances_search`));
  try {
    await batch(server, 'warm-', true);
    const indexed: number[] = [];
    const floor: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      indexed.push(await batch(server, `on${run}-`, true));
      await trigger('disable');
      floor.push(await batch(server, `off${run}-`, false));
      await trigger('enable');
    }
    return { driver, indexed: median(indexed), floor: median(floor) };
  } finally {
    await server.close();
  }
}

/** Markdown lines for bench/results.md (a missed target reads **missed**). */
export async function runSearchWriteBench(): Promise<string[]> {
  const figures = [await measure('pg'), await measure('pglite')];
  return [
    `${ROWS} 审批 requests inserted at once, ${RUNS} runs, medians; each run checked to have written one search row per request. Target: ≤ ${TARGET_MS} ms per request on PostgreSQL (the trigger's 拼音 keys and grams). Floor: the same insert with the search trigger off.`,
    '',
    ...table(
      ['database', 'ms per request, indexed', 'floor (trigger off)', 'target'],
      figures.map((f) => [
        f.driver === 'pg' ? 'PostgreSQL' : 'PGlite',
        f.indexed.toFixed(2),
        f.floor.toFixed(2),
        f.driver === 'pglite' ? 'recorded' : f.indexed <= TARGET_MS ? 'met' : '**missed**',
      ]),
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) console.log((await runSearchWriteBench()).join('\n'));
