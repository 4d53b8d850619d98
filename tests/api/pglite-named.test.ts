import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { preparedStatementDb } from '../../server/db/client';
import { flowInstances, users } from '../../server/db/schema';
import { listFlows } from '../../server/modules/flow/list-service';
import { useServer } from './support/server';

/**
 * On PGlite the app's prepared reads (the 待办 page, the session lookups, a mail folder's page) run as named
 * statements with one generic plan (server/db/pglite-named.ts) instead of being parsed and planned on every call.
 * They share PGlite's one session with everything else, so they must leave it as they found it and never run inside
 * someone else's open transaction.
 */
describe('named statements on PGlite', () => {
  const ctx = useServer('pglite');
  const rows = async <T>(query: ReturnType<typeof sql>) => (await ctx.server.database.db.execute(query)) as unknown as { rows: T[] };
  const lisiId = async () => (await ctx.server.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'lisi')))[0]!.id;

  it('runs the 待办 page as a named statement and leaves the session’s plan mode as it was', async () => {
    expect(preparedStatementDb(ctx.server.database.db)).not.toBe(ctx.server.database.db);
    const page = await (await ctx.as('lisi')).get<{ rows: unknown[]; total: number }>('/api/flow/task/todo?pageNum=1&pageSize=10');
    expect(page.body.data.rows.length).toBeGreaterThan(0);
    const named = await rows<{ name: string; statement: string }>(sql`select name, statement from pg_prepared_statements`);
    expect(named.rows.some((s) => s.name.startsWith('pglite_named_') && s.statement.includes('"flow_tasks"'))).toBe(true);
    expect((await rows<{ plan_cache_mode: string }>(sql`show plan_cache_mode`)).rows[0]!.plan_cache_mode).toBe('auto');
  });

  it('waits for an open transaction and never reads its uncommitted rows', async () => {
    const userId = await lisiId();
    const before = await listFlows(ctx.server.database.db, userId, 'todo', { pageNum: 1, pageSize: 10 });
    const first = before.rows[0]!;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const order: string[] = [];
    const transaction = ctx.server.database.db
      .transaction(async (tx) => {
        await tx.update(flowInstances).set({ title: '事务里未提交的标题' }).where(eq(flowInstances.id, first.instanceId));
        await gate;
        order.push('rolled back');
        tx.rollback();
      })
      .catch(() => undefined);
    const during = listFlows(ctx.server.database.db, userId, 'todo', { pageNum: 1, pageSize: 10 }).then((page) => {
      order.push('read');
      return page;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    open();
    await transaction;
    const page = await during;
    expect(order).toEqual(['rolled back', 'read']);
    expect(page.rows.find((r) => r.id === first.id)?.title).toBe(first.title);
  });

  it('a refused value fails only its own call; the next calls and the session are unharmed', async () => {
    await expect(listFlows(ctx.server.database.db, 'not-a-uuid', 'todo', { pageNum: 1, pageSize: 10 })).rejects.toThrow();
    const page = await listFlows(ctx.server.database.db, await lisiId(), 'todo', { pageNum: 1, pageSize: 10 });
    expect(page.rows.length).toBeGreaterThan(0);
    expect((await rows<{ plan_cache_mode: string }>(sql`show plan_cache_mode`)).rows[0]!.plan_cache_mode).toBe('auto');
  });
});
