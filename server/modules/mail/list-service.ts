import { aliasedTable, and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { MailFolder, MailListRow } from '@contract/mail';
import type { Page } from '@contract/envelope';
import { preparedStatementDb, type Db } from '../../db/client';
import { mailboxes, mailMessages, mailRecipients, users } from '../../db/schema';
import { likePattern } from '../../lib/validate';
import { keywordGrams } from '../../lib/search-grams';
import { folderCount, folderTotalColumn } from './counters';
import { presentListRow } from './presenter';

const b = mailboxes;
const m = mailMessages;
const sender = aliasedTable(users, 'sender');
// Folder conditions are SQL literals, not parameters: a prepared page's one generic plan may use a partial index only
// where its predicate (deleted_at is null and not purged, …) can be proven from the query text itself.
const alive = sql`${b.deletedAt} is null and not ${b.purged}`;
const inFolder = (folder: 'inbox' | 'sent' | 'drafts') => sql`${b.folder} = ${sql.raw(`'${folder}'`)}`;

/** Which of the caller's mailbox rows each folder shows. */
const folders: Record<MailFolder, SQL> = {
  inbox: sql`(${inFolder('inbox')} and ${alive})`,
  unread: sql`(${inFolder('inbox')} and not ${b.seen} and ${alive})`,
  star: sql`(${b.starred} and ${alive})`,
  draft: sql`(${inFolder('drafts')} and ${alive})`,
  sent: sql`(${inFolder('sent')} and ${alive})`,
  trash: sql`(${b.deletedAt} is not null and not ${b.purged})`,
  all: sql`(${b.folder} <> 'drafts' and ${alive})`,
};

/** Sender, subject or text holding the keyword: the gram index narrows, ILIKE checks the order of the characters. */
function keywordFilter(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const grams = keywordGrams(keyword);
  return keywordMatch(grams.length ? sql.param(grams) : undefined, likePattern(keyword));
}

/** The keyword condition over given values: literal parameters, or the placeholders of a prepared search. */
function keywordMatch(grams: unknown, pattern: unknown): SQL | undefined {
  return and(
    grams === undefined ? undefined : sql`${m.searchGrams} @> ${grams}::text[]`,
    or(
      sql`${m.subject} ilike ${pattern}`,
      sql`${m.bodyText} ilike ${pattern}`,
      sql`${sender.realName} ilike ${pattern}`,
    ),
  );
}

/**
 * Whom a mail goes to, as its row shows it: to and cc on every copy, bcc only on the writer's own (已发送, 草稿箱: only
 * the writer has those rows). A recipient's copy (folder inbox, whatever list shows it: 收件箱, 星标, 已删除, search)
 * never carries a bcc name, nor does the phone's cache of it.
 */
const recipientNames = (box: { folder: unknown }) =>
  sql<
    string[] | null
  >`(select array_agg(u.real_name order by r.kind desc, u.sort) from ${mailRecipients} r join ${users} u on u.id = r.user_id where r.message_id = ${m.id} and (r.kind <> 'bcc' or ${box.folder} <> 'inbox'))`;
// "nulls last" as the mailbox indexes are built, so a page is read off an index rather than sorted from the whole box
const newestFirst = (box: { at: unknown; id: unknown } = b) => [
  sql`${box.at} desc nulls last`,
  sql`${box.id} desc nulls last`,
];

/** A list row's columns, the mailbox's own from the given mailbox rows (the table, or a search's newest rows). */
const listColumns = <
  Box extends
    Pick<typeof b, 'folder' | 'seen' | 'starred' | 'at'> | { [K in 'folder' | 'seen' | 'starred' | 'at']: PgColumn },
>(
  box: Box,
) => ({
  id: m.id,
  folder: box.folder,
  subject: m.subject,
  bodyText: m.bodyText,
  senderId: m.senderId,
  senderName: sender.realName,
  recipientNames: recipientNames(box),
  priority: m.priority,
  confidential: m.confidential,
  attachments: m.attachments,
  seen: box.seen,
  starred: box.starred,
  at: box.at,
});

/**
 * How many of a folder's newest rows a keyword search reads with its one plan: the page and the row after it found
 * among them, or a folder no larger, is the answer; otherwise the search is planned with its words.
 */
export const MAIL_SEARCH_WINDOW = 300;

/**
 * A folder's page is the hot read (the inbox on every start, every pull to refresh): prepared once per database
 * handle, so neither the query builder nor PostgreSQL's planner runs again per request (on PostgreSQL it runs on the
 * connections that keep one generic plan per named statement: see openPg).
 */
function prepareFolderPage(db: Db, folder: MailFolder) {
  const userId = sql.placeholder('userId');
  return preparedStatementDb(db)
    .select({ ...listColumns(b), total: folderTotalColumn(userId, folder) })
    .from(b)
    .innerJoin(m, eq(m.id, b.messageId))
    .innerJoin(sender, eq(sender.id, m.senderId))
    .where(and(eq(b.userId, userId), folders[folder]))
    .orderBy(...newestFirst())
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`mail_page_${folder}`);
}

/**
 * A keyword search of a folder, by one generic plan too: the folder's newest rows off its page index (at most the
 * window), each joined to its message and checked, newest first. Planned with its words on every request, the
 * search spent 0.6–0.7 ms planning, as long as it then took to run.
 */
function prepareFolderSearch(db: Db, folder: MailFolder) {
  const userId = sql.placeholder('userId');
  const newest = preparedStatementDb(db)
    .select({ id: b.id, messageId: b.messageId, folder: b.folder, seen: b.seen, starred: b.starred, at: b.at })
    .from(b)
    .where(and(eq(b.userId, userId), folders[folder]))
    .orderBy(...newestFirst())
    .limit(sql.placeholder('window'))
    .as('newest_mail');
  return preparedStatementDb(db)
    .select({ ...listColumns(newest), total: folderTotalColumn(userId, folder) })
    .from(newest)
    .innerJoin(m, eq(m.id, newest.messageId))
    .innerJoin(sender, eq(sender.id, m.senderId))
    .where(keywordMatch(sql.placeholder('grams'), sql.placeholder('pattern')))
    .orderBy(...newestFirst(newest))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`mail_search_${folder}`);
}

const preparedPages = new WeakMap<
  Db,
  Map<string, ReturnType<typeof prepareFolderPage> | ReturnType<typeof prepareFolderSearch>>
>();

function prepared<S>(db: Db, key: string, prepare: () => S): S {
  let statements = preparedPages.get(db);
  if (!statements) preparedPages.set(db, (statements = new Map()));
  let statement = statements.get(key) as S | undefined;
  if (!statement) statements.set(key, (statement = prepare()) as ReturnType<typeof prepareFolderPage>);
  return statement;
}
const folderPage = (db: Db, folder: MailFolder) => prepared(db, `page:${folder}`, () => prepareFolderPage(db, folder));
const folderSearch = (db: Db, folder: MailFolder) =>
  prepared(db, `search:${folder}`, () => prepareFolderSearch(db, folder));

/**
 * One page of a folder, newest first. A folder's total comes from mail_counters; a search's total only says whether
 * more follows (the rows so far plus one when another page exists), so it never counts every match in a large box.
 */
export async function listMail(
  db: Db,
  userId: string,
  folder: MailFolder,
  q: { pageNum: number; pageSize: number; keyword?: string; keep?: string },
): Promise<Page<MailListRow>> {
  const offset = (q.pageNum - 1) * q.pageSize;
  const grams = q.keyword ? keywordGrams(q.keyword) : [];
  if (!(folder === 'unread' && q.keep) && (!q.keyword || grams.length)) {
    if (q.keyword) {
      const rows = await folderSearch(db, folder).execute({
        userId,
        grams,
        pattern: likePattern(q.keyword),
        window: MAIL_SEARCH_WINDOW,
        limit: q.pageSize + 1,
        offset,
      });
      const held =
        rows.length > q.pageSize ||
        (rows[0] ? rows[0].total : await folderCount(db, userId, folder)) <= MAIL_SEARCH_WINDOW;
      if (held)
        return {
          rows: rows.slice(0, q.pageSize).map(({ total: _, ...row }) => presentListRow(row)),
          total: offset + rows.length,
        };
    } else {
      const rows = await folderPage(db, folder).execute({ userId, limit: q.pageSize, offset });
      return {
        rows: rows.map(({ total: _, ...row }) => presentListRow(row)),
        total: rows[0]?.total ?? (offset ? await folderCount(db, userId, folder) : 0),
      };
    }
  }
  const shown =
    folder === 'unread' && q.keep
      ? or(folders.unread, sql`(${inFolder('inbox')} and ${b.messageId} = ${q.keep} and ${alive})`)
      : folders[folder];
  const where = and(eq(b.userId, userId), shown, keywordFilter(q.keyword));
  const rows = await db
    .select({
      ...listColumns(b),
      total: q.keyword ? sql<number>`0`.mapWith(Number) : folderTotalColumn(userId, folder),
    })
    .from(b)
    .innerJoin(m, eq(m.id, b.messageId))
    .innerJoin(sender, eq(sender.id, m.senderId))
    .where(where)
    .orderBy(...newestFirst())
    .limit(q.keyword ? q.pageSize + 1 : q.pageSize)
    .offset(offset);
  const page = rows.slice(0, q.pageSize).map(({ total: _, ...row }) => presentListRow(row));
  // a page past the end has no row to carry the folder's total
  const total = q.keyword
    ? offset + rows.length
    : (rows[0]?.total ?? (offset ? await folderCount(db, userId, folder) : 0));
  return { rows: page, total };
}
