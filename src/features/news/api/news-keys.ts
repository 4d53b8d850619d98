import { messageKeys } from '@/api/message';

/** Every news query key in one place, so a write can invalidate exactly what it changed. */
export const newsKeys = {
  all: ['news'] as const,
  lists: ['news', 'list'] as const,
  published: (channelId: string) => ['news', 'list', 'published', channelId] as const,
  mine: (status: string) => ['news', 'list', 'mine', status] as const,
  reviews: ['news', 'list', 'reviews'] as const,
  headlines: ['news', 'headlines'] as const,
  counts: ['news', 'counts'] as const,
  channels: ['news', 'channels'] as const,
  channel: (id: string) => ['news', 'channel', id] as const,
  article: (id: string) => ['news', 'article', id] as const,
  comments: (id: string) => ['news', 'comments', id] as const,
  /** 阅读情况 of an article: 已读 (true) or 未读 (false) */
  readers: (id: string, read: boolean) => ['news', 'readers', id, read] as const,
};

/** What a workflow write (save, submit, review, delete) changes: the lists, headlines, counts, the article, badges. */
export const afterNewsWrite = (articleId?: string): unknown[][] => [
  [...newsKeys.lists],
  [...newsKeys.headlines],
  [...newsKeys.counts],
  [...messageKeys.badges],
  ...(articleId ? [[...newsKeys.article(articleId)]] : []),
];
