import { queryOptions } from '@tanstack/react-query';
import type { DictItem } from '@contract/upms';
import { get } from './http';

/** A dictionary by type; dictionaries change rarely, so they are cached for a day and kept offline. */
export const dictQueryOptions = (type: string) =>
  queryOptions({
    queryKey: ['upms', 'dict', type],
    queryFn: () => get<DictItem[]>(`/api/upms/upms/dict/type/${encodeURIComponent(type)}`, undefined, { noLoading: true }),
    staleTime: 24 * 60 * 60 * 1000,
  });
