// Bulk workflow data for bench/flow-load.ts, written with generate_series (minutes for a million tasks, not hours).
import { sql } from 'drizzle-orm';
import type { TestServer } from '../../tests/factories/test-server';
import { fillWithSearchRows, type FillOptions } from './search-rows';

const TEMPLATES = ['的请假', '的报销', '的出差', '的用印', '的采购'];
const SURNAMES = ['张伟', '李娜', '王芳', '刘洋', '陈静', '杨磊', '赵敏', '黄强'];
export const USERS = 10_000;
/** integers inlined into bulk SQL (never user input): generate_series needs typed arguments */
const int = (n: number) => sql.raw(String(Math.trunc(n)));

function grams(text: string): string[] {
  const chars = Array.from(text);
  const out = new Set<string>();
  chars.forEach((c, i) => {
    out.add(c);
    if (i + 1 < chars.length) out.add(c + chars[i + 1]);
  });
  return [...out];
}

/** Bulk data with generate_series: USERS users, tasks/4 instances with 4 tasks each (one pending). */
export async function fill(server: TestServer, tasks: number, options: FillOptions = {}): Promise<void> {
  await withSearchRows(server, options, () => fillTasks(server, tasks));
}

async function withSearchRows(server: TestServer, options: FillOptions, work: () => Promise<void>) {
  await fillWithSearchRows(server.database.db, 'flow_instances', options, work);
  await server.database.db.execute(sql`analyze`);
}

async function fillTasks(server: TestServer, tasks: number): Promise<void> {
  const db = server.database.db;
  const instances = Math.ceil(tasks / 4);
  await db.execute(sql`insert into users (id, username, real_name, password_hash, org_id, search_grams)
    select md5('bench-user' || n)::uuid, 'bench' || n, '测试' || n, (select password_hash from users where username = 'zhangsan'),
      (select org_id from users where username = 'zhangsan'), '{}'
    from generate_series(1, ${int(USERS)}) n`);
  const leave = sql`(select id from flow_definitions where code = 'leave')`;
  const titleCases = sql.join(
    SURNAMES.flatMap((name, s) =>
      TEMPLATES.map((t, k) => ({ title: `${name}${t}`, key: s * TEMPLATES.length + k })),
    ).map(({ title, key }) => sql`when ${sql.raw(String(key))} then ${title}`),
    sql` `,
  );
  const gramCases = sql.join(
    SURNAMES.flatMap((name, s) =>
      TEMPLATES.map((t, k) => ({ g: grams(`${name}${t}`), key: s * TEMPLATES.length + k })),
    ).map(
      ({ g, key }) =>
        sql`when ${sql.raw(String(key))} then ARRAY[${sql.join(
          g.map((x) => sql`${x}`),
          sql`, `,
        )}]::text[]`,
    ),
    sql` `,
  );
  const combos = SURNAMES.length * TEMPLATES.length;
  for (let from = 1; from <= instances; from += 50_000) {
    const to = Math.min(instances, from + 49_999);
    await db.execute(sql`insert into flow_instances (id, definition_id, serial, title, initiator_id, status, current_node_id, form_data, search_grams, created_at)
      select md5('bench-inst' || g)::uuid, ${leave}, 'B' || g, case g % ${int(combos)} ${titleCases} end,
        md5('bench-user' || (g % ${int(USERS)} + 1))::uuid, 'running', 'dept', '{}'::jsonb, case g % ${int(combos)} ${gramCases} end,
        now() - (g || ' seconds')::interval
      from generate_series(${int(from)}, ${int(to)}) g`);
    await db.execute(sql`insert into flow_tasks (instance_id, node_id, node_name, assignee_id, status, title, created_at, handled_at)
      select md5('bench-inst' || g)::uuid, 'dept', '部门负责人审批', md5('bench-user' || ((g * 4 + k) % ${int(USERS)} + 1))::uuid,
        case when k = 0 then 'pending' else 'done' end, case g % ${int(combos)} ${titleCases} end, now() - (g || ' seconds')::interval,
        case when k = 0 then null else now() end
      from generate_series(${int(from)}, ${int(to)}) g, generate_series(0, 3) k`);
  }
}

/** Gives one more user, `benchheavy`, 10,000 (or `count`) pending tasks of their own: the heavy approver. */
export async function fillHeavyApprover(server: TestServer, count: number, options: FillOptions = {}): Promise<string> {
  await withSearchRows(server, options, () => fillHeavy(server, count));
  return 'benchheavy';
}

async function fillHeavy(server: TestServer, count: number): Promise<void> {
  const db = server.database.db;
  await db.execute(sql`insert into users (id, username, real_name, password_hash, org_id, search_grams)
    select md5('bench-heavy')::uuid, 'benchheavy', '重审批人', password_hash, org_id, '{}' from users where username = 'zhangsan'`);
  await db.execute(sql`insert into flow_instances (id, definition_id, serial, title, initiator_id, status, current_node_id, form_data, search_grams, created_at)
    select md5('bench-heavy-inst' || g)::uuid, (select id from flow_definitions where code = 'leave'), 'H' || g,
      '张伟的请假', md5('bench-user' || (g % ${int(USERS)} + 1))::uuid, 'running', 'dept', '{}'::jsonb,
      ARRAY['张', '张伟', '伟', '伟的', '的', '的请', '请', '请假', '假']::text[], now() - (g || ' seconds')::interval
    from generate_series(1, ${int(count)}) g`);
  await db.execute(sql`insert into flow_tasks (instance_id, node_id, node_name, assignee_id, status, title, created_at)
    select md5('bench-heavy-inst' || g)::uuid, 'dept', '部门负责人审批', md5('bench-heavy')::uuid, 'pending', '张伟的请假',
      now() - (g || ' seconds')::interval
    from generate_series(1, ${int(count)}) g`);
}
