import { queryOptions } from '@tanstack/react-query';
import type { Page } from '@contract/envelope';
import type { CustomListRow, CustomMenuGroup, CustomModelView, CustomRecordView } from '@contract/custom';
import { get } from '@/api/http';
import { pagedListQuery, type ListPageQuery } from '@/components/list-view';
import { customKeys } from './custom-keys';

/** The models the user may read, by group. */
export const menuQueryOptions = () =>
  queryOptions({ queryKey: customKeys.menu, queryFn: () => get<CustomMenuGroup[]>('/api/custom/models') });

/** One model: its form, list setup, filters and whether the user may create. */
export const modelQueryOptions = (code: string) =>
  queryOptions({
    queryKey: customKeys.model(code),
    queryFn: () => get<CustomModelView>(`/api/custom/models/${encodeURIComponent(code)}`),
  });

/** One record with its model's form; cached for offline reading once opened, always revalidated. */
export const recordQueryOptions = (id: string) =>
  queryOptions({
    queryKey: customKeys.record(id),
    queryFn: () => get<CustomRecordView>(`/api/custom/records/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

/** The records of a model, for ListView; filters (`<field>=<value>`) ride along as query parameters. */
export const recordListQuery = (code: string, filters: Record<string, string> = {}) =>
  pagedListQuery(
    customKeys.list(code),
    (query: ListPageQuery) =>
      get<Page<CustomListRow>>(`/api/custom/models/${encodeURIComponent(code)}/records`, query, { noLoading: true }),
    filters,
  );
