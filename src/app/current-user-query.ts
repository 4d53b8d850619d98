import { queryOptions } from '@tanstack/react-query';
import { fetchCurrentUser } from '@/session/current-user';

/** The current user is a query so it is persisted with the rest of the user's cache and opens offline. */
export const currentUserQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: ['session', 'current-user', uid],
    queryFn: () => fetchCurrentUser(),
    staleTime: 5 * 60 * 1000,
  });
