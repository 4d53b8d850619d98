import { eq, sql, type Placeholder } from 'drizzle-orm';
import type { MailCounts, MailFolder } from '@contract/mail';
import type { Db } from '../../db/client';
import { mailCounters } from '../../db/schema';

/*
 * mail_counters holds each user's folder totals and unread count, kept by statement triggers on mailboxes (migration
 * 0016): the badge and a folder's total read one row, however large the mailbox.
 */

type Counters = typeof mailCounters.$inferSelect;
const ZERO: Omit<Counters, 'userId'> = { inbox: 0, unread: 0, drafts: 0, sent: 0, starred: 0, trash: 0 };

async function countersOf(db: Db, userId: string): Promise<Omit<Counters, 'userId'>> {
  const [row] = await db.select().from(mailCounters).where(eq(mailCounters.userId, userId));
  return row ?? ZERO;
}

/** How many mails a folder list holds ('all', the search page's list, is everything received and sent). */
const folderTotal: Record<MailFolder, (c: Omit<Counters, 'userId'>) => number> = {
  inbox: (c) => c.inbox,
  unread: (c) => c.unread,
  star: (c) => c.starred,
  draft: (c) => c.drafts,
  sent: (c) => c.sent,
  trash: (c) => c.trash,
  all: (c) => c.inbox + c.sent,
};

/** The same total as a column of the list's own query (one round trip for a page and its total). */
const folderColumn: Record<MailFolder, string> = {
  inbox: 'inbox',
  unread: 'unread',
  star: 'starred',
  draft: 'drafts',
  sent: 'sent',
  trash: 'trash',
  all: 'inbox + sent',
};
export function folderTotalColumn(userId: string | Placeholder, folder: MailFolder) {
  return sql<number>`(select ${sql.raw(folderColumn[folder])} from ${mailCounters} where user_id = ${userId})`.mapWith(
    Number,
  );
}

export async function folderCount(db: Db, userId: string, folder: MailFolder): Promise<number> {
  return folderTotal[folder](await countersOf(db, userId));
}

export async function mailCounts(db: Db, userId: string): Promise<MailCounts> {
  const c = await countersOf(db, userId);
  return { unread: c.unread, drafts: c.drafts, starred: c.starred };
}

/** The unread count alone, for the home badge. */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  return (await countersOf(db, userId)).unread;
}

/**
 * Locks the counters of everyone a send touches, in user order, before any mailbox row changes: the triggers would
 * otherwise lock the writer's row (their draft leaving 草稿箱) before the recipients', and two colleagues sending to
 * each other at once could deadlock.
 */
export async function lockCounters(tx: Db, userIds: string[]): Promise<void> {
  const ids = [...new Set(userIds)].sort();
  if (!ids.length) return;
  // an upsert that changes nothing still locks the row; the order by makes the locking order the user order
  await tx.execute(sql`insert into ${mailCounters} (user_id) select id from unnest(${sql.param(ids)}::uuid[]) as u(id) order by id
    on conflict (user_id) do update set user_id = excluded.user_id`);
}
