import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAIL_FOLDERS } from '../../contract/mail';
import { fillMail } from '../../bench/mail-news';
import { api, loginAs } from '../factories/test-server';
import { preparedPlan, usePlanServer, type Captured } from '../factories/pg-plans';
import { preparedStatementDb } from '../../server/db/client';
import { MAIL_SEARCH_WINDOW } from '../../server/modules/mail/list-service';

/**
 * A folder's first page is the hot read of 邮件 (the inbox on every start and pull to refresh). It is a prepared
 * statement with one generic plan on the app's PostgreSQL connections; that plan must still read the page in order
 * off the mailbox's partial indexes. With the folder conditions sent as parameters it could not prove the indexes'
 * predicates, and its one plan was a scan and sort of every mailbox row (140 ms on the bench's million rows).
 */
describe('邮件 folder pages on PostgreSQL', () => {
  // the mail keyword search reads the messages' own grams: the one search index stays empty (its trigger makes the
  // 拼音 keys row by row, which alone took minutes for these 20,000 messages)
  const ctx = usePlanServer((server) => fillMail(server, 40_000, { searchRows: false }));

  /** The statement's one generic plan reads a mailbox index in order: no scan of every mailbox row, no Sort. */
  async function expectReadInOrderOffAnIndex(statement: Captured) {
    const plan = await preparedPlan(ctx.pool, statement, 'planned once');
    expect(plan.filter((n) => n['Node Type'].includes('Seq Scan') && n['Relation Name'] === 'mailboxes')).toEqual([]);
    expect(plan.filter((n) => n['Node Type'] === 'Sort')).toEqual([]);
    expect(plan.some((n) => n['Index Name']?.startsWith('mailboxes_'))).toBe(true);
  }

  it('prepared statements keep one generic plan that sorts only as a last resort; every other statement is planned with its values', async () => {
    const setting = async (db: typeof ctx.server.database.db, name: string) =>
      ((await db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0]![name];
    const prepared = preparedStatementDb(ctx.server.database.db);
    expect(await setting(prepared, 'plan_cache_mode')).toBe('force_generic_plan');
    expect(await setting(prepared, 'enable_sort')).toBe('off');
    // a keyword search's best plan depends on how common its words are: with one generic plan, searches took seconds
    expect(await setting(ctx.server.database.db, 'plan_cache_mode')).toBe('auto');
    expect(await setting(ctx.server.database.db, 'enable_sort')).toBe('on');
  });

  it.each(MAIL_FOLDERS)('%s: the page’s one plan reads a mailbox index in order, never every row', async (folder) => {
    const uid = await loginAs(ctx.server.baseUrl, 'mailheavy', '123456');
    ctx.captured.length = 0;
    const page = await api(ctx.server.baseUrl, uid).get<{ rows: unknown[]; total: number }>(
      `/api/mail/list/${folder}?pageNum=1&pageSize=10`,
    );
    expect(page.status).toBe(200);
    if (folder === 'inbox') expect(page.body.data.rows).toHaveLength(10);
    const statement = ctx.captured.find((q) => q.text.includes('from "mailboxes"'))!;
    expect(statement, 'the page statement').toBeDefined();
    await expectReadInOrderOffAnIndex(statement);
  });

  it.each(MAIL_FOLDERS)(
    '%s: a keyword search’s one plan reads the newest rows off a mailbox index, never every row',
    async (folder) => {
      const uid = await loginAs(ctx.server.baseUrl, 'mailheavy', '123456');
      ctx.captured.length = 0;
      expect(
        (await api(ctx.server.baseUrl, uid).get(`/api/mail/list/${folder}?keyword=${encodeURIComponent('报销')}`))
          .status,
      ).toBe(200);
      const statement = ctx.captured.find((q) => q.text.includes('"newest_mail"'))!;
      expect(statement, 'the search statement').toBeDefined();
      await expectReadInOrderOffAnIndex(statement);
    },
  );

  it('a search answers the folder’s own rows in order, and finds a word only in a mail far past the newest ones', async () => {
    const uid = await loginAs(ctx.server.baseUrl, 'mailheavy', '123456');
    const client = api(ctx.server.baseUrl, uid);
    type Row = { id: string; subject: string };
    const newest = (await client.get<{ rows: Row[] }>('/api/mail/list/all?pageSize=60')).body.data.rows;
    const found = await client.get<{ rows: Row[]; total: number }>(
      `/api/mail/list/all?pageNum=2&pageSize=5&keyword=${encodeURIComponent('报销')}`,
    );
    expect(found.body.data.rows.map((r) => r.id)).toEqual(
      newest
        .filter((r) => r.subject.includes('报销'))
        .slice(5, 10)
        .map((r) => r.id),
    );
    expect(found.body.data.total).toBe(11);

    const oldest = (await ctx.server.database.db.execute(
      sql`select message_id from mailboxes where user_id = md5('mail-bench-heavy')::uuid and folder = 'inbox' order by at limit 1`,
    )) as unknown as { rows: { message_id: string }[] };
    const id = oldest.rows[0]!.message_id;
    await ctx.server.database.db.execute(
      sql`update mail_messages set subject = '年终奖发放安排', search_grams = search_grams || ARRAY['年', '年终', '终', '终奖']::text[] where id = ${id}`,
    );
    const counts = (await client.get<{ unread: number }>('/api/mail/counts')).body.data;
    expect(counts.unread).toBeGreaterThan(0);
    const total = (await client.get<{ total: number }>('/api/mail/list/inbox?pageSize=1')).body.data.total;
    expect(total).toBeGreaterThan(MAIL_SEARCH_WINDOW);
    const rare = await client.get<{ rows: Row[]; total: number }>(
      `/api/mail/list/inbox?keyword=${encodeURIComponent('年终')}`,
    );
    expect(rare.body.data.rows.map((r) => [r.id, r.subject])).toEqual([[id, '年终奖发放安排']]);
    expect(rare.body.data.total).toBe(1);
  });
});
