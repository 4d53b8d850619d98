import { and } from 'drizzle-orm';
import type { ReminderChannel } from '@contract/upms';
import type { Db } from '../../db/client';
import { users as u } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hitSharedLimit, type SharedLimit } from '../../plugins/shared-limit';
import type { ConfiguredChannels } from '../delivery/channels';
import { recordMessage } from '../message/service';
import { loadPreferences } from '../my/preferences-service';
import { offeredReminderChannels } from '../upms/service';
import type { Principal } from '../session/service';
import { loadArticle } from './load';
import { enforce, readersRefusal } from './policy';
import { audience, notViewed } from './readers-service';

/** The in-app address of an article (the route /news/detail); a tap on the reminder opens it. */
export const articleLink = (id: string) => `/news/detail?id=${id}`;

/**
 * One 提醒未读 per article in any 10 minutes, whoever presses it (the author and the admins remind the same people):
 * pressed again, it would only repeat the same message to the same people.
 */
export const REMIND_UNREAD_PER_ARTICLE: SharedLimit = { scope: 'news-remind-unread', limit: 1, windowSeconds: 600 };

/**
 * 提醒未读: whoever may see 阅读情况 (the author, admins) reminds the article's 未读 — its audience without an open,
 * never the author — with one message on the reminder's usual path, recorded in the caller's transaction. The
 * channels are the caller's 我的 → 提醒方式 among those offered (every offered one for one who never chose); the
 * in-app message always goes, so nobody is reminded on no channel at all.
 */
export async function remindUnread(
  tx: Db,
  configured: ConfiguredChannels,
  user: Principal,
  id: string,
): Promise<{ reminded: number }> {
  const { article, channel } = await loadArticle(tx, id);
  enforce(readersRefusal(user, article));
  const unread = await tx
    .select({ id: u.id })
    .from(u)
    .where(and(audience(article, channel), notViewed(id)));
  if (unread.length === 0) return { reminded: 0 };
  // counted in the caller's transaction: a reminder that fails to be recorded takes its count back
  const limited = await hitSharedLimit(tx, REMIND_UNREAD_PER_ARTICLE, id);
  if (!limited.ok) throw new AppError(429, `刚刚已提醒过，请${Math.ceil(limited.retryAfterSeconds / 60)}分钟后再试`);
  const offered = (await offeredReminderChannels(tx, configured)) as ReminderChannel[];
  const saved = (await loadPreferences(tx, user.id)).reminderChannels;
  const channels = saved ? offered.filter((c) => c === 'app' || saved.includes(c)) : offered;
  await recordMessage(tx, configured, user.id, {
    title: `资讯：${article.title}`,
    content: `${user.realName}提醒您阅读「${article.title}」`,
    receiverIds: unread.map((r) => r.id),
    channels,
    link: articleLink(id),
  });
  return { reminded: unread.length };
}
