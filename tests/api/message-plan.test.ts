import { describe, expect, it } from 'vitest';
import { seedInbox } from '../../bench/lib/seed-bench-data';
import { api, loginAs } from '../factories/test-server';
import { preparedPlan, usePlanServer } from '../factories/pg-plans';

/**
 * The inbox page without a keyword is opened from every home screen. Its one plan walks the inbox page index backward
 * and reads the total from the kept count; counting joined every message of a long inbox on each request.
 */
describe('消息 inbox page on PostgreSQL', () => {
  const ctx = usePlanServer((server) => seedInbox(server.database.db, 'admin', 5_000));

  it('reads the page off the inbox page index in order and the total from the kept count, by its one plan', async () => {
    const uid = await loginAs(ctx.server.baseUrl, 'admin', 'admin123');
    ctx.captured.length = 0;
    const page = await api(ctx.server.baseUrl, uid).get<{ rows: unknown[]; total: number }>(
      '/api/message/inbox?pageNum=1&pageSize=10',
    );
    expect(page.body.data.rows).toHaveLength(10);
    expect(page.body.data.total).toBeGreaterThanOrEqual(5_000);
    // the page's own statement: the server's background workers read message_deliveries too, at any moment
    const statement = ctx.captured.find(
      (q) =>
        q.text.includes('"message_deliveries"') &&
        q.text.includes('"message_inbox_counts"') &&
        q.text.includes('order by'),
    )!;
    expect(statement).toBeDefined();
    expect(ctx.captured.filter((q) => q.text.includes('count('))).toEqual([]);
    const plan = await preparedPlan(ctx.pool, statement, 'planned once');
    expect(plan.filter((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort')).toEqual([]);
    expect(plan.some((n) => n['Index Name'] === 'message_deliveries_inbox_page_idx')).toBe(true);
    expect(plan.some((n) => n['Relation Name'] === 'message_inbox_counts')).toBe(true);
  });
});
