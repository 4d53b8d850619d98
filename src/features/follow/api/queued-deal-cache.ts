import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '@contract/envelope';
import type { FlowCounts, FlowListRow } from '@contract/flow';
import { flowKeys } from './flow-keys';

type ListData = InfiniteData<Page<FlowListRow>, number>;

// a fetch that started before the write would put the row back as it was when it lands
const cancelTodoFetches = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.cancelQueries({ queryKey: flowKeys.list('todo') }),
    queryClient.cancelQueries({ queryKey: flowKeys.counts }),
  ]);

/**
 * A 办理 queued offline has not reached the server, but for the user it is done: the task leaves every cached 待办
 * list and the 待办 count drops now. The cached lists are edited, never removed or invalidated, so an offline list
 * keeps showing everything else; the replay's own invalidation brings the server's truth back once it is sent.
 */
export async function applyQueuedDeal(queryClient: QueryClient, taskId: string): Promise<void> {
  await cancelTodoFetches(queryClient);
  queryClient.setQueriesData<ListData>({ queryKey: flowKeys.list('todo') }, (data) => {
    if (!data?.pages) return data;
    const pages = data.pages.map((page) => {
      const rows = page.rows.filter((row) => row.id !== taskId);
      if (rows.length === page.rows.length) return page;
      return { rows, total: Math.max(0, page.total - 1) };
    });
    return { ...data, pages };
  });
  // the count drops even when the row was never cached (the 办理 page was opened from a message)
  queryClient.setQueryData<FlowCounts>(flowKeys.counts, (counts) =>
    counts ? { ...counts, todo: Math.max(0, counts.todo - 1) } : counts,
  );
}

/**
 * A 前加签 or 委派 queued offline keeps the task in 待办 (the server lists it there, waiting on the people asked), so
 * the cached row is marked waiting as the server will mark it: no 批量同意 on it until they answer. The count stays.
 */
export async function applyQueuedWait(queryClient: QueryClient, taskId: string): Promise<void> {
  await cancelTodoFetches(queryClient);
  queryClient.setQueriesData<ListData>({ queryKey: flowKeys.list('todo') }, (data) => {
    if (!data?.pages) return data;
    const pages = data.pages.map((page) =>
      page.rows.some((row) => row.id === taskId)
        ? {
            ...page,
            rows: page.rows.map((row) =>
              row.id === taskId ? { ...row, waitingForSigners: true, quickApprove: false } : row,
            ),
          }
        : page,
    );
    return { ...data, pages };
  });
}
