import { eq } from 'drizzle-orm';
import type { NewsWriteResult } from '@contract/news';
import type { z } from 'zod';
import type { newsReviewBody, newsSaveBody } from '@contract/news-schemas';
import type { Db } from '../../db/client';
import { newsArticles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { bodyImageFileIds, htmlToLine, sanitizeHtml } from '../../lib/sanitize-html';
import { searchGrams } from '../../lib/search-grams';
import { attachRefusal } from '../files/policy';
import type { Principal } from '../session/service';
import { loadArticle, loadChannel } from './load';
import { editRefusal, enforce, publishRefusal, reviewRefusal } from './policy';

type SaveBody = z.output<typeof newsSaveBody>;
type ReviewBody = z.output<typeof newsReviewBody>;

/** What a write tells the live stream: the article, and whether readers' lists changed too (a publication). */
export interface NewsWritten extends NewsWriteResult {
  /** users whose lists changed; null = every reader (an article was published) */
  notified: string[] | null;
}

/** The stored columns of a body: sanitised HTML, the images it shows, a summary, the search grams. */
async function contentOf(tx: Db, user: Principal, body: SaveBody) {
  enforce(publishRefusal(user, await loadChannel(tx, body.channelId)));
  const bodyHtml = sanitizeHtml(body.bodyHtml, 'article');
  const imageFileIds = bodyImageFileIds(bodyHtml);
  // every file the article shows must be the author's own upload or one they may already read
  enforce(
    await attachRefusal(tx, user, [...body.coverFileIds, ...imageFileIds, ...body.attachments.map((f) => f.fileName)]),
  );
  if (body.submit && !htmlToLine(bodyHtml) && imageFileIds.length === 0) throw new AppError(400, '请输入正文');
  const summary = body.summary || htmlToLine(bodyHtml).slice(0, 120);
  const now = new Date();
  return {
    channelId: body.channelId,
    title: body.title,
    summary,
    bodyHtml,
    imageFileIds,
    coverFileIds: body.coverFileIds.map((id) => id.toLowerCase()),
    attachments: body.attachments.map((f) => ({ fileName: f.fileName.toLowerCase(), attachName: f.attachName })),
    searchGrams: searchGrams([body.title, summary]),
    status: body.submit ? ('pending' as const) : ('draft' as const),
    submittedAt: body.submit ? now : null,
    updatedAt: now,
  };
}

/** 保存草稿 or 提交审核 of a new article. */
export async function createArticle(tx: Db, user: Principal, body: SaveBody): Promise<NewsWritten> {
  const values = await contentOf(tx, user, body);
  const [row] = await tx
    .insert(newsArticles)
    .values({ ...values, authorId: user.id })
    .returning({ id: newsArticles.id, status: newsArticles.status });
  return { ...row!, notified: [] };
}

/** Editing a draft or a rejected article (the review opinion stays until the next review). */
export async function updateArticle(tx: Db, user: Principal, id: string, body: SaveBody): Promise<NewsWritten> {
  const { article } = await loadArticle(tx, id, true);
  enforce(editRefusal(user, article));
  const values = await contentOf(tx, user, body);
  await tx.update(newsArticles).set(values).where(eq(newsArticles.id, id));
  return { id, status: values.status, notified: [] };
}

export async function deleteArticle(tx: Db, user: Principal, id: string): Promise<NewsWritten> {
  const { article } = await loadArticle(tx, id, true);
  enforce(editRefusal(user, article));
  await tx.delete(newsArticles).where(eq(newsArticles.id, id));
  return { id, status: article.status, notified: [] };
}

/** 审核: 通过 publishes now (optionally pinned), 驳回 sends it back to the author with the opinion. */
export async function reviewArticle(tx: Db, user: Principal, id: string, body: ReviewBody): Promise<NewsWritten> {
  const { article } = await loadArticle(tx, id, true);
  enforce(reviewRefusal(user, article));
  const now = new Date();
  const approve = body.decision === 'approve';
  const pinnedUntil = approve && body.pinnedUntil ? new Date(body.pinnedUntil) : null;
  if (pinnedUntil && pinnedUntil <= now) throw new AppError(400, '置顶截止时间须晚于当前时间');
  const status = approve ? ('published' as const) : ('rejected' as const);
  await tx
    .update(newsArticles)
    .set({
      status,
      reviewerId: user.id,
      reviewOpinion: body.opinion || null,
      reviewedAt: now,
      publishedAt: approve ? now : null,
      pinnedUntil,
      updatedAt: now,
    })
    .where(eq(newsArticles.id, id));
  return { id, status, notified: approve ? null : [article.authorId] };
}
