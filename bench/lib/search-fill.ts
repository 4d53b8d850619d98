// Bulk 审批 and 邮件 for bench/search.ts, written set-based with generate_series. The search rows are made once per
// distinct text by the migration's own search_put (so they are exactly what the triggers write) and copied to every
// record of that text; the modules' triggers are off during the load, which would otherwise spend an hour on 拼音.
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

const PEOPLE = ['张伟', '李娜', '王芳', '刘洋', '陈静', '杨磊', '赵敏', '黄强'];
const SUBJECTS = ['报销', '请假', '出差', '采购', '用印'];
const SENTENCES = [
  '请于本周五前提交差旅报销单据。',
  '三楼会议室已预订，请准时参加。',
  '重庆分公司的季度预算已经下达。',
  '附件为本月考勤与加班统计。',
  '采购合同需法务审核后盖章。',
  '年终总结请各部门汇总后上报。',
  '新员工入职培训安排在下周一。',
  '办公用品申领请走行政流程。',
];
/** 100 records of each module carry this word (one in 10,000 of a million): only the gram index finds it quickly */
export const RARE_WORD = '审计专项';
const TEXTS = PEOPLE.length * SUBJECTS.length;
/** the searcher's share: zhangsan receives one mail in SHARE and handles one request in SHARE */
export const SHARE = 10;

const int = (n: number) => sql.raw(String(Math.trunc(n)));

/** The distinct texts: title, body and the name each is sent or started under (its bench person). */
function texts(): { key: number; title: string; body: string; person: number }[] {
  const out = Array.from({ length: TEXTS }, (_, key) => {
    const person = key % PEOPLE.length;
    const subject = SUBJECTS[Math.floor(key / PEOPLE.length) % SUBJECTS.length]!;
    const body = SENTENCES[key % SENTENCES.length]! + SENTENCES[(key * 3 + 1) % SENTENCES.length]!;
    return { key, title: `${PEOPLE[person]}的${subject}申请`, body, person };
  });
  out.push({ key: TEXTS, title: `${RARE_WORD}检查通知`, body: SENTENCES[0]!, person: 0 });
  return out;
}

/** the text key of record g: one of TEXTS, or the rare text once in `rare` (on a record the searcher holds) */
const textOf = (g: ReturnType<typeof sql.raw>, rare: number) =>
  sql`(case when ${g} % ${int(rare)} = ${int(SHARE)} then ${int(TEXTS)} else ${g} % ${int(TEXTS)} end)`;

/** Fills `flows` requests (one task each) and `mails` sent mails (one recipient each) in batches. */
export async function fillSearchData(db: Db, flows: number, mails: number): Promise<void> {
  const all = texts();
  const rare = Math.max(SHARE * 2, Math.floor(Math.max(flows, mails) / 100 / SHARE) * SHARE);
  await db.execute(sql`insert into users (id, username, real_name, password_hash, org_id, search_grams)
    select md5('search-bench-user' || n)::uuid, 'searchbench' || n, (array[${sql.join(
      PEOPLE.map((p) => sql`${p}`),
      sql`, `,
    )}])[n + 1], password_hash, org_id, '{}'
    from generate_series(0, ${int(PEOPLE.length - 1)}) n, users where username = 'zhangsan'`);
  const person = (key: ReturnType<typeof sql>) =>
    sql`md5('search-bench-user' || (${key} % ${int(PEOPLE.length)}))::uuid`;
  // the search rows of each distinct text, as the triggers make them, kept under module 'bench-text'
  for (const t of all) {
    await db.execute(sql`select search_put('bench-text', md5('bench-text' || ${t.key})::uuid, 0, now(), ${t.title},
      ${t.body}, array[${PEOPLE[t.person]!}])`);
  }
  // the search indexes are built once after the load (row by row, the GIN index took minutes per 100,000 rows)
  // the bench runs on PostgreSQL, whose driver answers { rows }
  const { rows: indexes } = (await db.execute(sql`select indexname, indexdef from pg_indexes
    where tablename = 'search_entries' and indexname not like '%_pk'`)) as unknown as {
    rows: { indexdef: string; indexname: string }[];
  };
  for (const { indexname } of indexes) await db.execute(sql`drop index ${sql.identifier(indexname)}`);
  const me = sql`(select id from users where username = 'zhangsan')`;
  const leave = sql`(select id from flow_definitions where code = 'leave')`;
  const step = 100_000;
  for (let from = 1; from <= Math.max(flows, mails); from += step) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      const g = sql.raw('g');
      const key = textOf(g, rare);
      const flowTo = Math.min(flows, from + step - 1);
      if (from <= flowTo) {
        await tx.execute(sql`insert into flow_instances (id, definition_id, serial, title, initiator_id, status,
            current_node_id, form_data, created_at)
          select md5('sb-flow' || g)::uuid, ${leave}, 'S' || g, t.title, ${person(key)}, 'running', 'dept', '{}'::jsonb,
            now() - (g || ' seconds')::interval
          from generate_series(${int(from)}, ${int(flowTo)}) g
          join search_entries t on t.module = 'bench-text' and t.record_id = md5('bench-text' || ${key})::uuid`);
        await tx.execute(sql`insert into flow_tasks (instance_id, node_id, node_name, assignee_id, status, title, created_at)
          select md5('sb-flow' || g)::uuid, 'dept', '部门负责人审批',
            case when g % ${int(SHARE)} = 0 then ${me} else ${person(sql`(g + 1)`)} end, 'pending', '待办', now() - (g || ' seconds')::interval
          from generate_series(${int(from)}, ${int(flowTo)}) g`);
        await copyEntries(tx as unknown as Db, 'flow', 'sb-flow', from, flowTo, rare);
      }
      const mailTo = Math.min(mails, from + step - 1);
      if (from <= mailTo) {
        await tx.execute(sql`insert into mail_messages (id, sender_id, thread_id, subject, body_text, status, sent_at, updated_at)
          select md5('sb-mail' || g)::uuid, ${person(key)}, md5('sb-mail' || g)::uuid, t.title, t.body, 'sent',
            now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
          from generate_series(${int(from)}, ${int(mailTo)}) g
          join search_entries t on t.module = 'bench-text' and t.record_id = md5('bench-text' || ${key})::uuid`);
        const to = sql`case when g % ${int(SHARE)} = 0 then ${me} else ${person(sql`(g + 3)`)} end`;
        await tx.execute(sql`insert into mail_recipients (message_id, user_id, kind)
          select md5('sb-mail' || g)::uuid, ${to}, 'to' from generate_series(${int(from)}, ${int(mailTo)}) g`);
        await tx.execute(sql`insert into mailboxes (user_id, message_id, folder, at)
          select u, md5('sb-mail' || g)::uuid, f, now() - (g || ' seconds')::interval
          from generate_series(${int(from)}, ${int(mailTo)}) g,
            lateral (values (${person(key)}, 'sent'), (${to}, 'inbox')) as v(u, f)`);
        await copyEntries(tx as unknown as Db, 'mail', 'sb-mail', from, mailTo, rare);
      }
    });
  }
  await db.execute(sql`delete from search_entries where module = 'bench-text'`);
  for (const { indexdef } of indexes)
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      await tx.execute(sql.raw(indexdef));
    });
  // as autovacuum leaves a table after a million inserts (off on the machine's PostgreSQL): without the visibility map
  // every index-only read of a mailbox or a task list visits the heap, 8 ms for a thousand rows
  for (const table of ['search_entries', 'flow_instances', 'flow_tasks', 'flow_reads', 'mail_messages', 'mailboxes'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  await db.execute(sql`analyze`);
}

/** The search row of each record g of the batch: its text's row, under the record's own id and time. */
async function copyEntries(db: Db, module: string, prefix: string, from: number, to: number, rare: number) {
  const key = textOf(sql.raw('g'), rare);
  await db.execute(sql`insert into search_entries (module, record_id, seq, title, body, keys, grams, at)
    select ${module}, md5(${prefix} || g)::uuid, 0, t.title, t.body, t.keys, t.grams, now() - (g || ' seconds')::interval
    from generate_series(${int(from)}, ${int(to)}) g
    join search_entries t on t.module = 'bench-text' and t.record_id = md5('bench-text' || ${key})::uuid`);
}
