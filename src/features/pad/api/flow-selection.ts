import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '@contract/envelope';
import type { FlowListKind, FlowListRow } from '@contract/flow';
import { flowListQuery } from '@/features/follow/api/get-flow-list';
import type { FlowSelection } from './flow-search-params';
export type { FlowSelection } from './flow-search-params';
import type { DetailVariant } from '@/features/follow/components/instance-detail-page';

/** What a row of this list puts in the URL: the task for 待办/退回, the copy for 待阅/收文 (as the phone lists do). */
export function selectionOf(kind: FlowListKind, row: FlowListRow): FlowSelection {
  if (kind === 'todo' || kind === 'back') return { instanceId: row.instanceId, taskId: row.id };
  if (kind === 'unread' || kind === 'receive') return { instanceId: row.instanceId, readId: row.id };
  return { instanceId: row.instanceId };
}

export function isSelectedRow(kind: FlowListKind, row: FlowListRow, selection: FlowSelection): boolean {
  const mine = selectionOf(kind, row);
  // the selection may carry more than the row (the task being dealt with from 我发起的): compare what the row names
  return (
    mine.instanceId === selection.instanceId &&
    (!mine.taskId || mine.taskId === selection.taskId) &&
    (!mine.readId || mine.readId === selection.readId)
  );
}

/** Which detail a list's item opens (same as the phone lists' detail routes). */
export function variantOf(kind: FlowListKind): DetailVariant {
  if (kind === 'todo' || kind === 'back') return 'wait';
  if (kind === 'unread' || kind === 'receive') return 'unread';
  if (kind === 'mine') return 'start';
  return 'view';
}

/**
 * After the selected item was dealt with: the row that followed it in the cached list (or the one before, at the end),
 * null when the list has nothing else. The done row may already be gone from a refetched or offline-updated cache.
 */
export function nextSelection(
  queryClient: QueryClient,
  kind: FlowListKind,
  filters: Record<string, unknown> | undefined,
  done: FlowSelection,
): FlowSelection | null {
  const data = queryClient.getQueryData<InfiniteData<Page<FlowListRow>>>(flowListQuery(kind, filters)('').queryKey);
  const rows = data?.pages.flatMap((p) => p.rows) ?? [];
  const at = rows.findIndex((row) => isSelectedRow(kind, row, done));
  const next = at < 0 ? rows[0] : (rows[at + 1] ?? rows[at - 1]);
  return next ? selectionOf(kind, next) : null;
}
