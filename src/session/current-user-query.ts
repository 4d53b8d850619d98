import { queryOptions } from '@tanstack/react-query';
import { fetchCurrentUser } from './current-user';

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
