// The 待办 count of an approver with 10,000 pending on PostgreSQL: the old form (joined to flow_instances to leave
// out the initiator's returned task) against the new one (flow_tasks alone, through the partial 待办 index).
// Median of 20 EXPLAIN ANALYZE execution times each. Usage: npx tsx bench/todo-count-plan.ts
import { sql } from 'drizzle-orm';
import { startTestServer } from '../tests/factories/test-server';
import { fill, fillHeavyApprover } from './lib/flow-fill';

const server = await startTestServer({ driver: 'pg' });
try {
  await fill(server, Number(process.env.TODO_BENCH_TASKS ?? 100_000));
  const heavy = await fillHeavyApprover(server, 10_000);
  // the PostgreSQL driver's execute answers { rows }
  const db = server.database.db as unknown as { execute(query: ReturnType<typeof sql>): Promise<{ rows: unknown[] }> };
  await db.execute(sql`analyze`);
  const [{ id } = { id: '' }] = (await db.execute(sql`select id from users where username = ${heavy}`)).rows as {
    id: string;
  }[];
  const forms = {
    'joined (before)': sql`select count(*) from flow_tasks t join flow_instances i on i.id = t.instance_id
      where t.assignee_id = ${id} and t.status = 'pending' and (i.status <> 'returned' or t.assignee_id <> i.initiator_id)`,
    'flow_tasks alone (after)': sql`select count(*) from flow_tasks t where t.assignee_id = ${id} and t.status = 'pending' and not t.returned_to_initiator`,
  };
  for (const [name, query] of Object.entries(forms)) {
    const times: number[] = [];
    let n = 0;
    for (let k = 0; k < 20; k += 1) {
      const plan = (await db.execute(sql`explain (analyze, format json) ${query}`)).rows[0] as {
        'QUERY PLAN': [{ 'Execution Time': number; Plan: { 'Node Type': string } }];
      };
      times.push(plan['QUERY PLAN'][0]['Execution Time']);
      if (k === 0) n = Number(((await db.execute(query)).rows[0] as { count: string }).count);
    }
    times.sort((a, b) => a - b);
    console.log(`${name}: count ${n}, median ${times[10]!.toFixed(2)} ms, max ${times[19]!.toFixed(2)} ms`);
  }
} finally {
  await server.close();
}
