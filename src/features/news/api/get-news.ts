import { queryOptions } from '@tanstack/react-query';
import type { Page } from '@contract/envelope';
import type { NewsChannel, NewsChannelInfo, NewsComment, NewsCounts, NewsDetail, NewsListRow } from '@contract/news';
import { get } from '@/api/http';
import { newsKeys } from './news-keys';

const id = encodeURIComponent;

/** The channels the user reads (tabs, the 栏目 picker of 发布资讯). */
export const channelsQueryOptions = () =>
  queryOptions({
    queryKey: newsKeys.channels,
    queryFn: () => get<NewsChannel[]>('/api/news/channels'),
    staleTime: 60_000,
  });

export const channelInfoQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: newsKeys.channel(channelId),
    queryFn: () => get<NewsChannelInfo>(`/api/news/channels/${id(channelId)}`),
  });

/** 头条: the pinned carousel. */
export const headlinesQueryOptions = () =>
  queryOptions({
    queryKey: newsKeys.headlines,
    queryFn: () => get<NewsListRow[]>('/api/news/headlines', undefined, { noLoading: true }),
  });

export const newsCountsQueryOptions = () =>
  queryOptions({
    queryKey: newsKeys.counts,
    queryFn: () => get<NewsCounts>('/api/news/counts', undefined, { noLoading: true, silent: true }),
  });

/** An article with the caller's abilities; kept in the offline cache once opened. */
export const articleQueryOptions = (articleId: string) =>
  queryOptions({
    queryKey: newsKeys.article(articleId),
    queryFn: () => get<NewsDetail>(`/api/news/articles/${id(articleId)}`),
    // cached data shows at once (also offline), a fetch always follows
    staleTime: 0,
  });

/** The newest 50 comments (the detail shows them under the article). */
export const commentsQueryOptions = (articleId: string) =>
  queryOptions({
    queryKey: newsKeys.comments(articleId),
    queryFn: () =>
      get<Page<NewsComment>>(
        `/api/news/articles/${id(articleId)}/comments`,
        { pageNum: 1, pageSize: 50 },
        { noLoading: true },
      ),
  });
