import type { Page } from './envelope';

/*
 * 资讯 (module code news). Calls (writes accept an Idempotency-Key header):
 *   GET  /api/news/channels                     → NewsChannel[] the caller may read
 *   GET  /api/news/channels/:id                 → NewsChannelInfo
 *   GET  /api/news/headlines                    → NewsListRow[] pinned (置顶) now, newest first
 *   GET  /api/news/articles?channelId&keyword   → Page<NewsListRow> published, newest first (total: the rows so far plus 1
 *                                                 when more follow; 100,000 articles are not counted per page)
 *   GET  /api/news/mine?status&keyword          → Page<NewsListRow> the caller's own articles
 *   GET  /api/news/reviews?keyword              → Page<NewsListRow> waiting for review (reviewers)
 *   GET  /api/news/counts                       → NewsCounts
 *   GET  /api/news/articles/:id                 → NewsDetail
 *   POST /api/news/articles                     body NewsSaveBody → { id, status }
 *   PUT  /api/news/articles/:id                 body NewsSaveBody → { id, status }
 *   DELETE /api/news/articles/:id               (the author's draft or rejected article)
 *   POST /api/news/articles/:id/review          body NewsReviewBody → { id, status }
 *   POST /api/news/articles/:id/view            → { viewCount }
 *   POST /api/news/articles/:id/like            body { liked } → { liked, likeCount }
 *   GET  /api/news/articles/:id/readers?read    → NewsReadersPage 已读 (read=true, newest first) or 未读 (read=false) of
 *                                                 a published article, with both counts: its author and admins only
 *   POST /api/news/articles/:id/remind-unread   → NewsRemindResult: 提醒未读, a message to each 未读 (who may see 阅读情况)
 *                                                 (once per article in 10 minutes: 429 刚刚已提醒过，请N分钟后再试)
 *   GET  /api/news/articles/:id/comments        → Page<NewsComment>
 *   POST /api/news/articles/:id/comments        body { content, mentionIds? } → NewsComment; each person @mentioned
 *                                                 (a reader of the article) is reminded in 消息
 *   GET  /api/events?ticket=                    server-sent `news` events, with every module's (contract/live-events.ts)
 */

export const NEWS_STATUSES = ['draft', 'pending', 'published', 'rejected'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const NEWS_STATUS_LABELS: Record<NewsStatus, string> = {
  draft: '草稿',
  pending: '待审核',
  published: '已发布',
  rejected: '已驳回',
};

export interface NewsAttachment {
  fileName: string;
  attachName: string;
}

export interface NewsChannel {
  id: string;
  name: string;
  icon: string;
  /** the caller may submit articles to it */
  canPublish: boolean;
}

export interface NewsChannelInfo extends NewsChannel {
  description: string;
  articleCount: number;
  /** who may publish, by role name; empty = 全体员工 */
  publishRoleNames: string[];
  readRoleNames: string[];
}

export interface NewsListRow {
  id: string;
  title: string;
  summary: string;
  channelId: string;
  channelName: string;
  authorName: string;
  status: NewsStatus;
  coverFileIds: string[];
  publishedAt: string | null;
  updatedAt: string;
  pinned: boolean;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  /** the caller opened it before */
  read: boolean;
}

export interface NewsAbilities {
  edit: boolean;
  remove: boolean;
  review: boolean;
  like: boolean;
  comment: boolean;
  /** 阅读情况: the 已读/未读 lists (the author and admins, once published) */
  readers: boolean;
}

export interface NewsDetail extends NewsListRow {
  bodyHtml: string;
  attachments: NewsAttachment[];
  authorId: string;
  reviewerName: string | null;
  /** 审核意见: sent only to the author, reviewers and admins (null for everyone else) */
  reviewOpinion: string | null;
  reviewedAt: string | null;
  submittedAt: string | null;
  pinnedUntil: string | null;
  liked: boolean;
  abilities: NewsAbilities;
}

/** One person of an article's audience (whoever may read it): 已读 with the time of the first open, or 未读. */
export interface NewsReader {
  userId: string;
  name: string;
  orgName: string;
  viewedAt: string | null;
}

/** A page of 已读 or 未读 (total: of that list) with the counts of both, for the tabs. */
export interface NewsReadersPage extends Page<NewsReader> {
  readCount: number;
  unreadCount: number;
}

export interface NewsComment {
  id: string;
  userName: string;
  content: string;
  createdAt: string;
  mine: boolean;
}

/** unread: published articles of the last 30 days the caller has not opened; toReview: waiting for the caller's review. */
export interface NewsCounts {
  unread: number;
  toReview: number;
}

export interface NewsWriteResult {
  id: string;
  status: NewsStatus;
}

export type NewsPage = Page<NewsListRow>;

/** An image the body shows is an upload, referenced by this path (the client adds the session when rendering). */
export const NEWS_IMAGE_PATH = '/api/form/common/api/preview?fileName=';

/** Days an article counts as unread news for the badge. */
export const NEWS_UNREAD_DAYS = 30;

/** 提醒未读: how many of the article's 未读 were reminded (0 when everyone has read it). */
export interface NewsRemindResult {
  reminded: number;
}
