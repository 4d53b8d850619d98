import { and, count, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import { NEWS_UNREAD_DAYS } from '@contract/news';
import type { Db } from '../../db/client';
import { newsArticles as a, newsChannels as c, newsViews as v } from '../../db/schema';
import type { Principal } from '../session/service';
import { readableChannel } from './list-service';
import { isReviewer } from './policy';

/**
 * The home badge as one scalar expression: unread recent articles the person may read, plus, for reviewers, articles
 * waiting for review (the same rules as newsCounts, which the 资讯 page shows).
 */
export function newsBadgeCount(db: Db, user: Principal): SQL<number> {
  const since = new Date(Date.now() - NEWS_UNREAD_DAYS * 24 * 3600 * 1000);
  const unread = db
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
  if (!isReviewer(user)) return sql<number>`(${unread})`;
  const toReview = db
    .select({ n: count() })
    .from(a)
    .where(and(eq(a.status, 'pending'), ne(a.authorId, user.id)));
  return sql<number>`((${unread}) + (${toReview}))`;
}
