import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsArticles, newsChannels } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export type ArticleRow = typeof newsArticles.$inferSelect;
export type ChannelRow = typeof newsChannels.$inferSelect;

/** An article with its channel; `lock` takes the row lock a write needs (two reviewers: one wins). */
export async function loadArticle(
  db: Db,
  id: string,
  lock = false,
): Promise<{ article: ArticleRow; channel: ChannelRow }> {
  const query = db.select().from(newsArticles).where(eq(newsArticles.id, id));
  const [article] = lock ? await query.for('update') : await query;
  if (!article) throw new AppError(404, '资讯不存在或未发布');
  return { article, channel: await loadChannel(db, article.channelId) };
}

export async function loadChannel(db: Db, id: string): Promise<ChannelRow> {
  const [channel] = await db.select().from(newsChannels).where(eq(newsChannels.id, id));
  if (!channel) throw new AppError(400, '栏目不存在');
  return channel;
}
