import { arrayContains, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsArticles } from '../../db/schema';
import type { AttachmentOwner } from '../files/attachment-owners';
import type { Principal } from '../session/service';
import { loadArticle } from './load';
import { viewRefusal } from './policy';

/** Articles attach files as covers, body images and attachments: readable by whoever may read the article. */
export const newsAttachmentOwner: AttachmentOwner = {
  async recordsAttaching(db: Db, fileId: string) {
    const rows = await db
      .select({ id: newsArticles.id })
      .from(newsArticles)
      .where(
        or(
          arrayContains(newsArticles.coverFileIds, [fileId]),
          arrayContains(newsArticles.imageFileIds, [fileId]),
          sql`${newsArticles.attachments} @> ${JSON.stringify([{ fileName: fileId }])}::jsonb`,
        ),
      );
    return rows.map((r) => r.id);
  },
  async mayRead(db: Db, user: Principal, articleId: string) {
    const [exists] = await db.select({ id: newsArticles.id }).from(newsArticles).where(eq(newsArticles.id, articleId));
    if (!exists) return false;
    const { article, channel } = await loadArticle(db, articleId);
    return !viewRefusal(user, article, channel);
  },
};
