import { queryOptions } from '@tanstack/react-query';
import type { Badges } from '@contract/message';
import { get } from './http';

/** Message-centre keys (badges and inbox are shared by home, the tablet inbox and every module's writes). */
export const messageKeys = {
  all: ['message'] as const,
  badges: ['message', 'badges'] as const,
  inbox: ['message', 'inbox'] as const,
  inboxPage: (query: object) => ['message', 'inbox', query] as const,
  inboxList: ['message', 'inbox', 'list'] as const,
};

/** Unread / to-do counts per module for the home entries and the tablet rail. */
export const badgesQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.badges,
    queryFn: () => get<Badges>('/api/message/badges', undefined, { noLoading: true, silent: true }),
    staleTime: 30_000,
  });
