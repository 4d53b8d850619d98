import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NewsChannel, NewsChannelInfo, NewsComment, NewsDetail } from '@contract/news';
import type { Page } from '@contract/envelope';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { toCount } from '../../db/client';
import {
  newsArticles as a,
  newsChannels as c,
  newsComments,
  newsLikes,
  newsViews as v,
  roles,
  users,
} from '../../db/schema';
import type { Principal } from '../session/service';
import { author, listColumns, readableChannel } from './list-service';
import { loadArticle, loadChannel } from './load';
import { abilitiesOf, enforce, publishRefusal, readChannelRefusal, seesReviewOpinion, viewRefusal } from './policy';
import { presentComment, presentDetail } from './presenter';

const reviewer = alias(users, 'news_reviewer');

/** The channels the caller reads, in their order, each saying whether the caller may submit to it. */
export async function listChannels(db: Db, user: Principal): Promise<NewsChannel[]> {
  const rows = await db.select().from(c).where(readableChannel(user)).orderBy(asc(c.sort), asc(c.name));
  return rows.map((row) => ({ id: row.id, name: row.name, icon: row.icon, canPublish: !publishRefusal(user, row) }));
}

export async function channelInfo(db: Db, user: Principal, id: string): Promise<NewsChannelInfo> {
  const channel = await loadChannel(db, id).catch(() => null);
  if (!channel || readChannelRefusal(user, channel)) throw new AppError(404, '栏目不存在');
  const [articles] = await db
    .select({ n: count() })
    .from(a)
    .where(and(eq(a.channelId, id), eq(a.status, 'published')));
  const codes = [...new Set([...channel.publishRoles, ...channel.readRoles])];
  const names = new Map(
    codes.length
      ? (await db.select({ code: roles.code, name: roles.name }).from(roles).where(inArray(roles.code, codes))).map(
          (r) => [r.code, r.name],
        )
      : [],
  );
  const named = (list: string[]) => list.map((code) => names.get(code) ?? code);
  return {
    id: channel.id,
    name: channel.name,
    icon: channel.icon,
    canPublish: !publishRefusal(user, channel),
    description: channel.description,
    articleCount: toCount(articles?.n),
    publishRoleNames: named(channel.publishRoles),
    readRoleNames: named(channel.readRoles),
  };
}

/** The detail as the caller may see it (404 for an article they may not read). */
export async function articleDetail(db: Db, user: Principal, id: string): Promise<NewsDetail> {
  const { article, channel } = await loadArticle(db, id);
  enforce(viewRefusal(user, article, channel));
  const [row] = await db
    .select({
      ...listColumns,
      bodyHtml: a.bodyHtml,
      attachments: a.attachments,
      reviewerName: reviewer.realName,
      reviewOpinion: a.reviewOpinion,
      reviewedAt: a.reviewedAt,
      submittedAt: a.submittedAt,
    })
    .from(a)
    .innerJoin(c, eq(c.id, a.channelId))
    .innerJoin(author, eq(author.id, a.authorId))
    .leftJoin(reviewer, eq(reviewer.id, a.reviewerId))
    .leftJoin(v, and(eq(v.articleId, a.id), eq(v.userId, user.id)))
    .where(eq(a.id, id));
  const [like] = await db
    .select({ n: count() })
    .from(newsLikes)
    .where(and(eq(newsLikes.articleId, id), eq(newsLikes.userId, user.id)));
  // the internal review opinion never leaves the server for a mere reader
  const detail = seesReviewOpinion(user, article) ? row! : { ...row!, reviewOpinion: null };
  return presentDetail(detail, user.id, toCount(like?.n) > 0, abilitiesOf(user, article));
}

export async function listComments(
  db: Db,
  user: Principal,
  id: string,
  q: { pageNum: number; pageSize: number },
): Promise<Page<NewsComment>> {
  const { article, channel } = await loadArticle(db, id);
  enforce(viewRefusal(user, article, channel));
  const rows = await db
    .select({
      id: newsComments.id,
      userId: newsComments.userId,
      userName: users.realName,
      content: newsComments.content,
      createdAt: newsComments.createdAt,
    })
    .from(newsComments)
    .innerJoin(users, eq(users.id, newsComments.userId))
    .where(eq(newsComments.articleId, id))
    .orderBy(desc(newsComments.createdAt), desc(newsComments.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows: rows.map((row) => presentComment(row, user.id)), total: article.commentCount };
}
