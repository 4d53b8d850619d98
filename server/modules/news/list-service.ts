import { and, asc, count, desc, eq, gt, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NEWS_UNREAD_DAYS, type NewsCounts, type NewsListRow } from '@contract/news';
import type { NewsListQuery } from '@contract/news-schemas';
import type { Page } from '@contract/envelope';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { newsArticles as a, newsChannels as c, newsViews as v, users } from '../../db/schema';
import { keywordGrams } from '../../lib/search-grams';
import { likePattern } from '../../lib/validate';
import type { Principal } from '../session/service';
import { isReviewer } from './policy';
import { presentListRow } from './presenter';

/** the author, joined under one alias by the list and the detail (listColumns reads it) */
export const author = alias(users, 'news_author');

/** Channels the user reads: those naming none of the roles, or one of theirs (admins read every channel). */
export function readableChannel(user: Principal): SQL {
  if (user.roles.includes('admin') || user.permissions.includes('*:*:*')) return sql`true`;
  const roles = user.roles.length
    ? sql`ARRAY[${sql.join(
        user.roles.map((r) => sql`${r}`),
        sql`, `,
      )}]::text[]`
    : sql`ARRAY[]::text[]`;
  return sql`(cardinality(${c.readRoles}) = 0 or ${c.readRoles} && ${roles})`;
}

function keywordFilter(keyword: string | undefined): SQL[] {
  if (!keyword) return [];
  const grams = keywordGrams(keyword);
  // the GIN index narrows by grams; ILIKE rechecks the order of the characters
  const filters: SQL[] = [];
  if (grams.length)
    filters.push(
      sql`${a.searchGrams} @> ARRAY[${sql.join(
        grams.map((g) => sql`${g}`),
        sql`, `,
      )}]::text[]`,
    );
  filters.push(or(ilike(a.title, likePattern(keyword)), ilike(a.summary, likePattern(keyword)))!);
  return filters;
}

/** The lists of 资讯: published (by channel), the caller's own (by status), and the review queue. */
export type NewsListKind = 'published' | 'mine' | 'reviews';

function whereOf(kind: NewsListKind, user: Principal, q: NewsListQuery): SQL {
  const filters: (SQL | undefined)[] = keywordFilter(q.keyword);
  if (kind === 'published')
    filters.push(
      eq(a.status, 'published'),
      readableChannel(user),
      q.channelId ? eq(a.channelId, q.channelId) : undefined,
    );
  if (kind === 'mine') filters.push(eq(a.authorId, user.id), q.status ? eq(a.status, q.status) : undefined);
  if (kind === 'reviews') filters.push(eq(a.status, 'pending'), ne(a.authorId, user.id));
  return and(...filters)!;
}

// "nulls last" as news_articles_latest_idx is built, so the first page is read off the index, not sorted from all
const orderOf = (kind: NewsListKind) =>
  kind === 'published'
    ? [sql`${a.publishedAt} desc nulls last`, sql`${a.id} desc nulls last`]
    : kind === 'mine'
      ? [desc(a.updatedAt), desc(a.id)]
      : [asc(a.submittedAt), asc(a.id)];

/** The columns of a list row; the detail selects these and its own. */
export const listColumns = {
  id: a.id,
  title: a.title,
  summary: a.summary,
  channelId: a.channelId,
  channelName: c.name,
  authorName: author.realName,
  status: a.status,
  coverFileIds: a.coverFileIds,
  publishedAt: a.publishedAt,
  updatedAt: a.updatedAt,
  pinnedUntil: a.pinnedUntil,
  viewCount: a.viewCount,
  likeCount: a.likeCount,
  commentCount: a.commentCount,
  viewedAt: v.viewedAt,
  authorId: a.authorId,
};

function listSelect(db: Db, userId: string) {
  return db
    .select(listColumns)
    .from(a)
    .innerJoin(c, eq(c.id, a.channelId))
    .innerJoin(author, eq(author.id, a.authorId))
    .leftJoin(v, and(eq(v.articleId, a.id), eq(v.userId, userId)));
}

/**
 * One page of a list. The published list (100,000 articles and more) does not count every article: its total is the
 * rows so far plus one when another page follows, which is all the infinite list needs; my articles and the review
 * queue are short and counted.
 */
export async function listNews(
  db: Db,
  user: Principal,
  kind: NewsListKind,
  q: NewsListQuery,
): Promise<Page<NewsListRow>> {
  if (kind === 'reviews' && !isReviewer(user)) return { rows: [], total: 0 };
  const where = whereOf(kind, user, q);
  const offset = (q.pageNum - 1) * q.pageSize;
  const lookahead = kind === 'published';
  const rows = await listSelect(db, user.id)
    .where(where)
    .orderBy(...orderOf(kind))
    .limit(lookahead ? q.pageSize + 1 : q.pageSize)
    .offset(offset);
  const now = new Date();
  const page = rows.slice(0, q.pageSize).map((row) => presentListRow(row, user.id, now));
  if (lookahead) return { rows: page, total: offset + rows.length };
  const [total] = await db.select({ n: count() }).from(a).innerJoin(c, eq(c.id, a.channelId)).where(where);
  return { rows: page, total: toCount(total?.n) };
}

/** 头条: published articles pinned until a moment still ahead, newest first (at most 6 for the carousel). */
export async function headlines(db: Db, user: Principal): Promise<NewsListRow[]> {
  const now = new Date();
  const rows = await listSelect(db, user.id)
    .where(and(eq(a.status, 'published'), readableChannel(user), gt(a.pinnedUntil, now)))
    .orderBy(desc(a.publishedAt))
    .limit(6);
  return rows.map((row) => presentListRow(row, user.id, now));
}

/**
 * The badge: recent published articles of others the caller has not opened (their own opens record no view), plus
 * the review queue for reviewers.
 */
export async function newsCounts(db: Db, user: Principal): Promise<NewsCounts> {
  const since = new Date(Date.now() - NEWS_UNREAD_DAYS * 24 * 3600 * 1000);
  const [unread] = await db
    .select({ n: count() })
    .from(a)
    .innerJoin(c, eq(c.id, a.channelId))
    .leftJoin(v, and(eq(v.articleId, a.id), eq(v.userId, user.id)))
    .where(
      and(
        eq(a.status, 'published'),
        gt(a.publishedAt, since),
        ne(a.authorId, user.id),
        readableChannel(user),
        sql`${v.userId} is null`,
      ),
    );
  let toReview = 0;
  if (isReviewer(user)) {
    const [row] = await db
      .select({ n: count() })
      .from(a)
      .where(and(eq(a.status, 'pending'), ne(a.authorId, user.id)));
    toReview = toCount(row?.n);
  }
  return { unread: toCount(unread?.n), toReview };
}
