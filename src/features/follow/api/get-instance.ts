import { queryOptions } from '@tanstack/react-query';
import type { InstanceDetail } from '@contract/flow';
import { get } from '@/api/http';
import { flowKeys } from './flow-keys';

/** A flow's detail with the caller's abilities; kept in the offline cache once opened. */
export const instanceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: flowKeys.instance(id),
    queryFn: () => get<InstanceDetail>(`/api/flow/instances/${encodeURIComponent(id)}`),
    // a detail must never show yesterday's state as today's: cached data shows at once, a fetch always follows
    staleTime: 0,
  });
