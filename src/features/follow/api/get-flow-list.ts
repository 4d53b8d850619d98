import type { Page } from '@contract/envelope';
import type { FlowListKind, FlowListRow } from '@contract/flow';
import type { ListPageQuery } from '@/components/list-view';
import { get } from '@/api/http';

/** One page of a flow list (待办, 待阅, …); filters ride along as query parameters. */
export function fetchFlowPage(kind: FlowListKind) {
  return (query: ListPageQuery) => get<Page<FlowListRow>>(`/api/flow/task/${kind}`, query, { noLoading: true });
}
