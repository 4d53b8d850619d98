import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { walkOwnFlow } from '../../server/modules/search/entry-queries';
import { flowSources } from '../../server/modules/search/policy';
import { userId } from '../factories/mail-client';
import { searchClient, uniqueHan } from '../factories/search-client';
import { drivers, useServer } from './support/server';

/**
 * Issue 46 point 3: someone who handles more requests than the search lists (1,000) is searched through their own
 * requests walked back in time, from each way one reaches them (started, a task, a stand-in's task, a copy). Their
 * matches come newest first and page 2 follows page 1; a newer request they had no part in never appears. The walk
 * is also called directly: the API may take the gram index for a word this rare, the walk must agree with it.
 */
describe.each(drivers)('search of a heavy approver’s requests on %s', (driver) => {
  const ctx = useServer(driver);
  const find = searchClient(ctx);

  it('walks the approver’s own requests: newest first across pages, once each, nobody else’s', async () => {
    const token = uniqueHan();
    const db = ctx.server.database.db;
    const lisi = userId('lisi');
    const [zhangsan, wangwu] = [userId('zhangsan'), userId('wangwu')];
    // 24 older matching requests (g = 1…24, newest first) and one filler that does not match; set-based (PGlite
    // spends a second a row on the triggers' 拼音 under load). g = 25 is lisi's own, 0 is newest and nobody's of his.
    await db.execute(sql`insert into flow_instances (id, definition_id, serial, title, initiator_id, status,
        current_node_id, form_data, created_at)
      select md5(${token} || g)::uuid, (select id from flow_definitions where code = 'leave' limit 1),
        'SO-' || md5(${token} || g), case when g < 26 then '请假' || ${token} || lpad(g::text, 2, '0') else '周报' end,
        case when g = 25 then ${lisi}::uuid else ${zhangsan}::uuid end, 'running', 'dept', '{}'::jsonb,
        now() - interval '1 day' - (g || ' minutes')::interval
      from generate_series(0, 26) g`);
    const request = (g: number) => sql`md5(${token} || ${g})::uuid`;
    // his tasks on 1…22 (one second after each request), a stand-in's for him on 23, a copy of 24; then 1,100 tasks
    // on the filler, newer than every match: past the lists and past the walk's first, short window
    await db.execute(sql`insert into flow_tasks (instance_id, node_id, node_name, assignee_id, on_behalf_of_id,
        status, title, created_at)
      select md5(${token} || g)::uuid, 'dept', '部门负责人审批', case when g = 23 then ${wangwu}::uuid else ${lisi}::uuid end,
        case when g = 23 then ${lisi}::uuid end, 'done', '待办',
        now() - interval '1 day' - (g || ' minutes')::interval + interval '1 second'
      from generate_series(1, 23) g`);
    await db.execute(sql`insert into flow_reads (instance_id, user_id, node_name, title, created_at)
      values (${request(24)}, ${lisi}, '抄送', '抄送', now() - interval '1 day' - interval '23 minutes')`);
    await db.execute(sql`insert into flow_tasks (instance_id, node_id, node_name, assignee_id, status, title, created_at)
      select ${request(26)}, 'dept', '部门负责人审批', ${lisi}, 'done', '待办', now() - interval '1 hour' - (g || ' seconds')::interval
      from generate_series(1, 1100) g`);
    // the newest match of all is wangwu's alone
    await db.execute(sql`insert into flow_tasks (instance_id, node_id, node_name, assignee_id, status, title, created_at)
      values (${request(0)}, 'dept', '部门负责人审批', ${wangwu}, 'pending', '待办', now() - interval '1 day')`);
    const title = (g: number) => `请假${token}${String(g).padStart(2, '0')}`;
    const his = Array.from({ length: 25 }, (_, i) => title(i + 1));

    const page = async (n: number) => {
      const answer = await find.raw(
        'lisi',
        `keyword=${encodeURIComponent(token)}&module=flow&pageNum=${n}&pageSize=10`,
      );
      expect(answer.status, answer.body.msg).toBe(200);
      return answer.body.data.groups[0]!;
    };
    const [first, second, third] = [await page(1), await page(2), await page(3)];
    expect(first.rows.map((r) => r.title)).toEqual(his.slice(0, 10));
    expect(second.rows.map((r) => r.title)).toEqual(his.slice(10, 20));
    expect(third.rows.map((r) => r.title)).toEqual(his.slice(20));
    expect(third.total).toBe(25);

    const walked = async (reach: number) =>
      (await walkOwnFlow(db, flowSources(lisi), token, reach))?.map((f) => f.recordId) ?? null;
    const expected = Array.from({ length: 21 }, (_, i) => {
      const hex = createHash('md5')
        .update(`${token}${i + 1}`)
        .digest('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    });
    expect(await walked(21)).toEqual(expected);
    // the first window holds his start, the stand-in's task and the copy (23…25) but only filler tasks: those three
    // are older than where the tasks were cut, so it must widen rather than show them first
    expect(await walked(3)).toEqual(expected.slice(0, 3));
    // fewer matches than asked for: the walk hands over to the gram index rather than answer short
    expect(await walked(26)).toBeNull();
    expect(await walkOwnFlow(db, flowSources(userId('sunqi')), token, 1)).toBeNull();

    const outsider = (await find.raw('sunqi', `keyword=${encodeURIComponent(token)}&module=flow`)).body.data.groups[0]!;
    expect([outsider.total, outsider.rows]).toEqual([0, []]);
  });
});
