import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NewsComment } from '@contract/news';
import type { Db } from '../../db/client';
import { newsArticles, newsComments, newsLikes, newsViews, users } from '../../db/schema';
import { mentionablePeople, remindMentioned } from '../message/mentions';
import type { Principal } from '../session/service';
import { loadArticle } from './load';
import { enforce, interactRefusal, viewRefusal } from './policy';
import { presentComment } from './presenter';
import { audience } from './readers-service';
import { articleLink } from './remind-service';

/**
 * Opening an article: the view count is the number of people who opened it, so only a reader's first open counts
 * (and marks it read); opening it again, or calling this a hundred times, changes nothing. The author is no reader
 * of their own article: their opens record nothing (it reads as read for them anyway, presenter.ts).
 */
export async function recordView(
  tx: Db,
  user: Principal,
  id: string,
): Promise<{ viewCount: number; firstView: boolean }> {
  const { article, channel } = await loadArticle(tx, id);
  enforce(viewRefusal(user, article, channel));
  if (article.status !== 'published' || article.authorId === user.id)
    return { viewCount: article.viewCount, firstView: false };
  const inserted = await tx
    .insert(newsViews)
    .values({ articleId: id, userId: user.id })
    .onConflictDoNothing()
    .returning({ userId: newsViews.userId });
  if (inserted.length === 0) {
    const [current] = await tx
      .select({ viewCount: newsArticles.viewCount })
      .from(newsArticles)
      .where(eq(newsArticles.id, id));
    return { viewCount: current!.viewCount, firstView: false };
  }
  const [row] = await tx
    .update(newsArticles)
    .set({ viewCount: sql`${newsArticles.viewCount} + 1` })
    .where(eq(newsArticles.id, id))
    .returning({ viewCount: newsArticles.viewCount });
  return { viewCount: row!.viewCount, firstView: true };
}

/** 点赞 / 取消点赞: idempotent per user, the count follows the rows. */
export async function setLike(
  tx: Db,
  user: Principal,
  id: string,
  liked: boolean,
): Promise<{ liked: boolean; likeCount: number }> {
  const { article, channel } = await loadArticle(tx, id, true);
  enforce(viewRefusal(user, article, channel));
  enforce(interactRefusal(article));
  const changed = liked
    ? await tx
        .insert(newsLikes)
        .values({ articleId: id, userId: user.id })
        .onConflictDoNothing()
        .returning({ userId: newsLikes.userId })
    : await tx
        .delete(newsLikes)
        .where(and(eq(newsLikes.articleId, id), eq(newsLikes.userId, user.id)))
        .returning({ userId: newsLikes.userId });
  const delta = changed.length * (liked ? 1 : -1);
  const [row] = await tx
    .update(newsArticles)
    .set({ likeCount: sql`${newsArticles.likeCount} + ${delta}` })
    .where(eq(newsArticles.id, id))
    .returning({ likeCount: newsArticles.likeCount });
  return { liked, likeCount: row!.likeCount };
}

/**
 * 评论: plain text (the client renders it as text, never as HTML). Each person it @mentions is reminded in 消息 with
 * the article's link; one who may not read the article is refused, and the comment is not kept.
 */
export async function addComment(
  tx: Db,
  user: Principal,
  id: string,
  { content, mentionIds = [] }: { content: string; mentionIds?: string[] },
): Promise<NewsComment> {
  const { article, channel } = await loadArticle(tx, id, true);
  enforce(viewRefusal(user, article, channel));
  enforce(interactRefusal(article));
  // a published article's readers are its author and its audience (readers-service.ts), the same rule as 未读
  const readers = mentionIds.length
    ? await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, mentionIds), audience(article, channel)))
    : [];
  const mentioned = await mentionablePeople(tx, user.id, mentionIds, (person) =>
    person.id === article.authorId || readers.some((r) => r.id === person.id)
      ? null
      : `${person.realName}无权阅读该资讯，不能提及`,
  );
  const [row] = await tx.insert(newsComments).values({ articleId: id, userId: user.id, content }).returning();
  await tx
    .update(newsArticles)
    .set({ commentCount: sql`${newsArticles.commentCount} + 1` })
    .where(eq(newsArticles.id, id));
  const [me] = await tx.select({ realName: users.realName }).from(users).where(eq(users.id, user.id));
  await remindMentioned(tx, { id: user.id, realName: me?.realName ?? '' }, mentioned, {
    subject: article.title,
    content,
    link: articleLink(id),
  });
  return presentComment({ ...row!, userName: me?.realName ?? '' }, user.id);
}
