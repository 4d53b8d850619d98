import type { QueryClient } from '@tanstack/react-query';
import { menuQueryOptions, modelQueryOptions, recordListQuery, recordQueryOptions } from './get-custom';

// a failure is left to the page (cached copy, empty or offline state, retry), as in every module's loaders
const quiet = () => undefined;

export const loadMenu = (queryClient: QueryClient) =>
  queryClient.ensureQueryData(menuQueryOptions()).then(quiet, quiet);

export const loadRecordList = (queryClient: QueryClient, code: string) =>
  Promise.all([
    queryClient.ensureQueryData(modelQueryOptions(code)),
    queryClient.ensureInfiniteQueryData(recordListQuery(code)('')),
  ]).then(quiet, quiet);

export const loadRecord = (queryClient: QueryClient, code: string, id?: string) =>
  Promise.all([
    queryClient.ensureQueryData(modelQueryOptions(code)),
    id ? queryClient.ensureQueryData(recordQueryOptions(id)) : null,
  ]).then(quiet, quiet);
