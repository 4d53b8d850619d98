import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailClient, userId } from '../factories/mail-client';
import { searchClient, uniqueHan } from '../factories/search-client';
import { drivers, useServer } from './support/server';

/**
 * Issue 46 point 3: someone who holds more mails than the search lists (1,000) is searched through their own mailbox
 * walked back in time. Their hits are still theirs alone, newest first, each mail once (one sent to oneself sits in two
 * folders, and the filler below is one mail filed many times), and a count that stopped early says so (capped) while staying past the rows shown.
 */
describe.each(drivers)('search of a large mailbox on %s', (driver) => {
  const ctx = useServer(driver);
  const mail = mailClient(ctx);
  const find = searchClient(ctx);

  it('walks the holder’s own mails: newest first, once each, capped count past the page, nobody else’s', async () => {
    const token = uniqueHan();
    // 30 older mails to lisi that match, and one that does not filed 1,200 times below them: past the 1,000 of the
    // lists, and set-based (PGlite spends a second a row on the triggers' 拼音 under load)
    await ctx.server.database.db.execute(sql`insert into mail_messages (id, sender_id, thread_id, subject, body_text,
        status, sent_at, updated_at)
      select md5(${token} || g)::uuid, ${userId('zhangsan')}, md5(${token} || g)::uuid,
        case when g > 0 then '例会' || ${token} || (g * 40) else '周报' end, '正文', 'sent',
        now() - interval '1 day' - (g || ' minutes')::interval, now() - interval '1 day'
      from generate_series(0, 30) g`);
    await ctx.server.database.db.execute(sql`insert into mailboxes (user_id, message_id, folder, at)
      select ${userId('lisi')}, md5(${token} || case when g <= 30 then g else 0 end)::uuid, 'inbox',
        now() - interval '1 day' - (g || ' minutes')::interval
      from generate_series(1, 1230) g`);
    const self = await mail.send('lisi', ['lisi'], { subject: `例会${token}自己` });
    const newer = await mail.send('zhangsan', ['lisi'], { subject: `例会${token}最新` });

    const answer = await find.raw('lisi', `keyword=${encodeURIComponent(token)}&module=mail&pageSize=10`);
    expect(answer.status, answer.body.msg).toBe(200);
    const first = answer.body.data.groups[0]!;
    expect(first.rows.map((r) => r.title).slice(0, 3)).toEqual([
      `例会${token}最新`,
      `例会${token}自己`,
      `例会${token}40`,
    ]);
    expect(first.rows.map((r) => r.open.id).slice(0, 2)).toEqual([newer.id, self.id]);
    expect(new Set(first.rows.map((r) => r.open.id)).size).toBe(10);
    // 32 match: counted 20 ahead, then capped
    expect([first.total, first.capped]).toEqual([20, true]);

    const fourth = (await find.raw('lisi', `keyword=${encodeURIComponent(token)}&module=mail&pageNum=4&pageSize=10`))
      .body.data.groups[0]!;
    expect([fourth.total, fourth.capped ?? false, fourth.rows.map((r) => r.title)]).toEqual([
      32,
      false,
      [`例会${token}1160`, `例会${token}1200`],
    ]);

    const other = (await find.raw('sunqi', `keyword=${encodeURIComponent(token)}&module=mail`)).body.data.groups[0]!;
    expect([other.total, other.rows]).toEqual([0, []]);
  });
});
