import { queryOptions } from '@tanstack/react-query';
import type { Badges } from '@contract/message';
import { get } from './http';

export const badgesQueryKey = ['message', 'badges'] as const;

/** Unread / to-do counts per module for the home entries and the tablet rail. */
export const badgesQueryOptions = () =>
  queryOptions({
    queryKey: badgesQueryKey,
    queryFn: () => get<Badges>('/api/message/badges', undefined, { noLoading: true, silent: true }),
    staleTime: 30_000,
  });

export const markMessageReadUrl = (id: string) => `/api/message/${encodeURIComponent(id)}/read`;
