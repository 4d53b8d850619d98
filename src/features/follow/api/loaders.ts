import type { QueryClient } from '@tanstack/react-query';
import type { FlowListKind } from '@contract/flow';
import { flowListQuery } from './get-flow-list';
import { instanceQueryOptions } from './get-instance';
import { flowCountsQueryOptions } from './get-flow-counts';
import { definitionQueryOptions, definitionsQueryOptions } from './get-definitions';

/*
 * Route loaders: start the page's first read before the page renders, from the same queryOptions the page uses.
 * Cached data (also restored offline) resolves at once. A failure is left to the page, which shows the cached copy,
 * its empty or offline state and a retry: a loader that threw would replace all of that with the error route.
 */
const quiet = () => undefined;

export const loadFlowList = (queryClient: QueryClient, kind: FlowListKind, filters?: Record<string, unknown>) =>
  queryClient.ensureInfiniteQueryData(flowListQuery(kind, filters)('')).then(quiet, quiet);

export const loadInstance = (queryClient: QueryClient, instanceId: string) =>
  queryClient.ensureQueryData(instanceQueryOptions(instanceId)).then(quiet, quiet);

export const loadFlowCounts = (queryClient: QueryClient) =>
  queryClient.ensureQueryData(flowCountsQueryOptions()).then(quiet, quiet);

export const loadDefinitions = (queryClient: QueryClient) =>
  queryClient.ensureQueryData(definitionsQueryOptions()).then(quiet, quiet);

export const loadDefinition = (queryClient: QueryClient, definitionId: string) =>
  queryClient.ensureQueryData(definitionQueryOptions(definitionId)).then(quiet, quiet);
