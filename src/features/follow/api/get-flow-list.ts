import type { Page } from '@contract/envelope';
import type { FlowListKind, FlowListRow } from '@contract/flow';
import { pagedListQuery, type ListPageQuery } from '@/components/list-view';
import { get } from '@/api/http';
import { flowKeys } from './flow-keys';

/** One page of a flow list (待办, 待阅, …); filters ride along as query parameters. */
function fetchFlowPage(kind: FlowListKind) {
  return (query: ListPageQuery) => get<Page<FlowListRow>>(`/api/flow/task/${kind}`, query, { noLoading: true });
}

/** The infiniteQueryOptions of one flow list, handed to ListView; keys under flowKeys.list(kind). */
export const flowListQuery = (kind: FlowListKind, filters?: Record<string, unknown>) =>
  pagedListQuery(flowKeys.list(kind), fetchFlowPage(kind), filters);
