import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { NewsReader, NewsReadersPage } from '@contract/news';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { newsViews as v, orgs, rolePermissions, roles, userRoles, users as u } from '../../db/schema';
import type { Principal } from '../session/service';
import { loadArticle, type ArticleRow, type ChannelRow } from './load';
import { enforce, readersRefusal } from './policy';

/**
 * The audience of a published article is whoever may read it (policy.ts viewRefusal) but its author, who wrote it
 * and is no reader of it: the active users holding one of its channel's reading roles (everyone when it names none)
 * and admins.
 */
export function audience(article: ArticleRow, channel: ChannelRow): SQL {
  const notAuthor = ne(u.id, article.authorId);
  if (channel.readRoles.length === 0) return and(eq(u.status, 'active'), notAuthor)!;
  const codes = sql`ARRAY[${sql.join(
    [...channel.readRoles, 'admin'].map((r) => sql`${r}`),
    sql`, `,
  )}]::text[]`;
  return sql`${u.status} = 'active' and ${notAuthor} and exists (
    select 1 from ${userRoles} ur join ${roles} r on r.id = ur.role_id
    where ur.user_id = ${u.id} and (r.code = any(${codes})
      or exists (select 1 from ${rolePermissions} rp where rp.role_id = r.id and rp.permission = '*:*:*')))`;
}

export const notViewed = (articleId: string) =>
  sql`not exists (select 1 from ${v} where ${v.articleId} = ${articleId} and ${v.userId} = ${u.id})`;

/**
 * 阅读情况 of a published article for its author or an admin: one page of 已读 (newest open first) or 未读 (in the
 * address book's order), with both counts. 已读 is everyone but the author who opened it (an open before the
 * author's own opens stopped counting is left out too); 未读 is the audience without an open.
 */
export async function listReaders(
  db: Db,
  user: Principal,
  id: string,
  q: { read: boolean; pageNum: number; pageSize: number },
): Promise<NewsReadersPage> {
  const { article, channel } = await loadArticle(db, id);
  enforce(readersRefusal(user, article));
  const unreadWhere = and(audience(article, channel), notViewed(id))!;
  const readWhere = and(eq(v.articleId, id), ne(v.userId, article.authorId))!;
  const [[read], [unread]] = await Promise.all([
    db.select({ n: count() }).from(v).where(readWhere),
    db.select({ n: count() }).from(u).where(unreadWhere),
  ]);
  const offset = (q.pageNum - 1) * q.pageSize;
  const columns = { userId: u.id, name: u.realName, orgName: orgs.name };
  const rows: NewsReader[] = q.read
    ? (
        await db
          .select({ ...columns, viewedAt: v.viewedAt })
          .from(v)
          .innerJoin(u, eq(u.id, v.userId))
          .innerJoin(orgs, eq(orgs.id, u.orgId))
          .where(readWhere)
          .orderBy(desc(v.viewedAt), asc(u.id))
          .limit(q.pageSize)
          .offset(offset)
      ).map((row) => ({ ...row, viewedAt: new Date(row.viewedAt).toISOString() }))
    : (
        await db
          .select(columns)
          .from(u)
          .innerJoin(orgs, eq(orgs.id, u.orgId))
          .where(unreadWhere)
          .orderBy(asc(u.sort), asc(u.realName), asc(u.id))
          .limit(q.pageSize)
          .offset(offset)
      ).map((row) => ({ ...row, viewedAt: null }));
  const readCount = toCount(read?.n);
  const unreadCount = toCount(unread?.n);
  return { rows, total: q.read ? readCount : unreadCount, readCount, unreadCount };
}
