import type { QueryClient } from '@tanstack/react-query';
import type { NewsStatus } from '@contract/news';
import {
  articleQueryOptions,
  channelInfoQueryOptions,
  channelsQueryOptions,
  commentsQueryOptions,
  headlinesQueryOptions,
} from './get-news';
import { myNewsQuery, publishedNewsQuery, readersQuery, reviewNewsQuery } from './get-news-lists';

/*
 * Route loaders: start the page's first reads from the same options the page uses. A failure is left to the page
 * (cached copy, offline or empty state, retry), as in the 审批 module.
 */
const quiet = () => undefined;
const settle = (work: Promise<unknown>[]) => Promise.all(work).then(quiet, quiet);

export const loadHeadlines = (qc: QueryClient) =>
  settle([qc.ensureQueryData(headlinesQueryOptions()), qc.ensureInfiniteQueryData(publishedNewsQuery('')(''))]);
export const loadChannels = (qc: QueryClient) => settle([qc.ensureQueryData(channelsQueryOptions())]);
export const loadChannelInfo = (qc: QueryClient, channelId: string) =>
  settle([qc.ensureQueryData(channelInfoQueryOptions(channelId))]);
export const loadArticle = (qc: QueryClient, articleId: string) =>
  settle([qc.ensureQueryData(articleQueryOptions(articleId)), qc.ensureQueryData(commentsQueryOptions(articleId))]);
export const loadMyNews = (qc: QueryClient, status: NewsStatus | '') =>
  settle([qc.ensureInfiniteQueryData(myNewsQuery(status)(''))]);
export const loadReviews = (qc: QueryClient) => settle([qc.ensureInfiniteQueryData(reviewNewsQuery()(''))]);
export const loadReaders = (qc: QueryClient, articleId: string, read: boolean) =>
  settle([qc.ensureInfiniteQueryData(readersQuery(articleId, read)(''))]);
