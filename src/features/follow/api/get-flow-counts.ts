import { queryOptions } from '@tanstack/react-query';
import type { FlowCounts } from '@contract/flow';
import { get } from '@/api/http';
import { flowKeys } from './flow-keys';

export const flowCountsQueryOptions = () =>
  queryOptions({
    queryKey: flowKeys.counts,
    queryFn: () => get<FlowCounts>('/api/flow/counts', undefined, { noLoading: true, silent: true }),
    staleTime: 15_000,
  });
