import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

/**
 * Counts kept by triggers (flow_todo_counts, mail_counters, message_inbox_counts, org_user_counts) that differ from counting the rows now: every user whose
 * kept count drifted, with both figures. Empty when they agree. The API suites check it after their last test, so
 * every write path they exercise (approve, transfer, return, 加签, send, delete, restore …) is covered.
 */
export async function keptCountDrift(db: Db): Promise<string[]> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { drift: string }[] }).rows.map((r) => r.drift);
  // one count per key: kept (table.column) against counted (a grouped count of the rows now)
  const single = (table: string, key: string, kept: string, counted: string) =>
    rows(
      sql.raw(`
      select '${table} ' || coalesce(k.${key}, a.${key}) || ': kept ' || coalesce(k.${kept}, 0) || ', counted ' || coalesce(a.n, 0) as drift
      from ${table} k full join (${counted}) a on a.${key} = k.${key}
      where coalesce(k.${kept}, 0) <> coalesce(a.n, 0)`),
    );
  const flow = await single(
    'flow_todo_counts',
    'user_id',
    'pending',
    `select assignee_id as user_id, count(*)::int as n from flow_tasks where status = 'pending' and not returned_to_initiator group by assignee_id`,
  );
  const mail = await rows(sql`
    with counted as (
      select user_id,
        sum(mailbox_tally('inbox', folder, seen, starred, deleted_at, purged))::int as inbox,
        sum(mailbox_tally('unread', folder, seen, starred, deleted_at, purged))::int as unread,
        sum(mailbox_tally('drafts', folder, seen, starred, deleted_at, purged))::int as drafts,
        sum(mailbox_tally('sent', folder, seen, starred, deleted_at, purged))::int as sent,
        sum(mailbox_tally('starred', folder, seen, starred, deleted_at, purged))::int as starred,
        sum(mailbox_tally('trash', folder, seen, starred, deleted_at, purged))::int as trash
      from mailboxes group by user_id)
    select 'mail_counters ' || coalesce(k.user_id, c.user_id) || ': kept ' || row(k.inbox, k.unread, k.drafts, k.sent, k.starred, k.trash)::text
      || ', counted ' || row(c.inbox, c.unread, c.drafts, c.sent, c.starred, c.trash)::text as drift
    from mail_counters k full join counted c on c.user_id = k.user_id
    where row(coalesce(k.inbox, 0), coalesce(k.unread, 0), coalesce(k.drafts, 0), coalesce(k.sent, 0), coalesce(k.starred, 0), coalesce(k.trash, 0))
      is distinct from row(coalesce(c.inbox, 0), coalesce(c.unread, 0), coalesce(c.drafts, 0), coalesce(c.sent, 0), coalesce(c.starred, 0), coalesce(c.trash, 0))`);
  const inbox = await single(
    'message_inbox_counts',
    'user_id',
    'total',
    `select receiver_id as user_id, count(*)::int as n from message_deliveries where channel = 'app' group by receiver_id`,
  );
  const orgUsers = await single(
    'org_user_counts',
    'org_id',
    'active',
    `select org_id, count(*)::int as n from users where status = 'active' group by org_id`,
  );
  return [...flow, ...mail, ...inbox, ...orgUsers];
}
