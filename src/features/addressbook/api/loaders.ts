import type { QueryClient } from '@tanstack/react-query';
import { cardQueryOptions, favouritesQueryOptions, groupQueryOptions, groupsQueryOptions, personalListQuery, personalQueryOptions } from './contacts-queries';

/* Route loaders: start the page's first read from the same options the page uses; failures are left to the page (offline/empty states). */
const quiet = () => undefined;

export const loadCard = (queryClient: QueryClient, userId: string) => (userId ? queryClient.ensureQueryData(cardQueryOptions(userId)).then(quiet, quiet) : undefined);
export const loadFavourites = (queryClient: QueryClient) => queryClient.ensureQueryData(favouritesQueryOptions()).then(quiet, quiet);
export const loadGroups = (queryClient: QueryClient) => queryClient.ensureQueryData(groupsQueryOptions()).then(quiet, quiet);
export const loadGroup = (queryClient: QueryClient, id?: string) => (id ? queryClient.ensureQueryData(groupQueryOptions(id)).then(quiet, quiet) : undefined);
export const loadPersonalList = (queryClient: QueryClient) => queryClient.ensureInfiniteQueryData(personalListQuery('')).then(quiet, quiet);
export const loadPersonal = (queryClient: QueryClient, id?: string) => (id ? queryClient.ensureQueryData(personalQueryOptions(id)).then(quiet, quiet) : undefined);
