import { onlineManager, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUserData } from '@contract/auth';
import { useStore } from '@/lib/store';
import { uidStore } from '@/lib/uid-store';
import { fetchCurrentUser } from './current-user';
import { userStore } from './user-store';

/** Session query keys; the offline start reads the cached user by the same key. */
export const sessionKeys = {
  all: ['session'] as const,
  currentUser: (uid: string) => ['session', 'current-user', uid] as const,
};

/** The current user is a query so it is persisted with the rest of the user's cache and opens offline. */
export const currentUserQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: sessionKeys.currentUser(uid),
    queryFn: () => fetchCurrentUser(),
    staleTime: 5 * 60 * 1000,
  });

/**
 * The current user for the guard of every navigation: the cached copy at once (so an offline start opens), and
 * online a stale one is fetched again in the background. A copy restored from the device is always stale (the
 * persistence marks restored data invalidated), so every start asks the server once: a signature, avatar or role
 * changed since (here, on another device, by an administrator) shows without waiting for the copy to age.
 */
export function ensureCurrentUser(queryClient: QueryClient, uid: string): Promise<CurrentUserData> {
  return queryClient.ensureQueryData({ ...currentUserQueryOptions(uid), revalidateIfStale: onlineManager.isOnline() });
}

/**
 * The current user for a screen that shows it (我的: avatar, signature): observing the query means a profile write's
 * invalidation, or a queued one replayed later, refetches it while the screen is open.
 */
export function useCurrentUser(): CurrentUserData | null {
  const uid = useStore(uidStore);
  const stored = useStore(userStore, (s) => s.user);
  const { data } = useQuery({ ...currentUserQueryOptions(uid ?? ''), enabled: Boolean(uid) });
  return data ?? stored;
}
