import { queryOptions } from '@tanstack/react-query';
import type { FlowStats, StatsScope } from '@contract/flow-stats';
import { get } from '@/api/http';
import { flowKeys } from './flow-keys';

/** 审批统计 of one scope; kept with the other flow queries for offline reading. */
export const flowStatsQueryOptions = (scope: StatsScope) =>
  queryOptions({
    queryKey: flowKeys.stats(scope),
    queryFn: () => get<FlowStats>('/api/flow/stats', { scope }, { noLoading: true }),
    staleTime: 60_000,
  });
