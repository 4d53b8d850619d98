import { onlineManager, QueryClient } from '@tanstack/react-query';
import { CACHE_MAX_AGE_MS } from '@/offline/query-persist-policy';

const NO_ANSWER = new Set(['network', 'timeout']);

/** One query client for the app; list and detail reads are cached and persisted per user for offline use. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // a restored query must outlive the persisted cache's max age, or it is collected before anyone looks
        gcTime: CACHE_MAX_AGE_MS,
        // A lost answer on a live network is retried. Offline the http layer fails at once and the query errors
        // instead of pausing: cached data stays on screen, and a route loader or guard never waits forever for the
        // network (a never-cached page shows its offline empty state). Coming back online refetches what is shown.
        retry: (failureCount, error) =>
          failureCount < 3 && onlineManager.isOnline() && NO_ANSWER.has((error as { kind?: string }).kind ?? ''),
        refetchOnWindowFocus: false,
        // what is on screen was possibly refused offline: refetch it all, stale or not
        refetchOnReconnect: 'always',
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'always' },
    },
  });
}
