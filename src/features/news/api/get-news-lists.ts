import type { Page } from '@contract/envelope';
import type { NewsListRow, NewsReader, NewsReadersPage, NewsStatus } from '@contract/news';
import { pagedListQuery, type ListPageQuery } from '@/components/list-view';
import { get } from '@/api/http';
import { newsKeys } from './news-keys';

const fetchPage = (url: string) => (query: ListPageQuery) => get<Page<NewsListRow>>(url, query, { noLoading: true });

/** Published articles, newest first; '' = every channel (最新资讯). */
export const publishedNewsQuery = (channelId: string) =>
  pagedListQuery(newsKeys.published(channelId), fetchPage('/api/news/articles'), channelId ? { channelId } : {});

/** The caller's own articles, by status ('' = all). */
export const myNewsQuery = (status: NewsStatus | '') =>
  pagedListQuery(newsKeys.mine(status), fetchPage('/api/news/mine'), status ? { status } : {});

/** The review queue (待审核) of a reviewer. */
export const reviewNewsQuery = () => pagedListQuery(newsKeys.reviews, fetchPage('/api/news/reviews'));

/** 阅读情况 of an article (its author and admins): 已读 newest first, or 未读; each page carries both counts. */
export const readersQuery = (articleId: string, read: boolean) =>
  pagedListQuery<NewsReader>(
    newsKeys.readers(articleId, read),
    (query) =>
      get<NewsReadersPage>(`/api/news/articles/${encodeURIComponent(articleId)}/readers`, query, { noLoading: true }),
    { read: String(read) },
  );
