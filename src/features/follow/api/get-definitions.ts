import { queryOptions } from '@tanstack/react-query';
import type { DefinitionDetail, DefinitionSummary } from '@contract/flow';
import { get } from '@/api/http';
import { flowKeys } from './flow-keys';

export const definitionsQueryOptions = (keyword = '') =>
  queryOptions({
    queryKey: flowKeys.definitions(keyword),
    queryFn: () =>
      get<DefinitionSummary[]>('/api/flow/definitions', keyword ? { keyword } : undefined, { noLoading: true }),
    staleTime: 5 * 60_000,
  });

export const definitionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: flowKeys.definition(id),
    queryFn: () => get<DefinitionDetail>(`/api/flow/definitions/${encodeURIComponent(id)}`),
    staleTime: 5 * 60_000,
  });
