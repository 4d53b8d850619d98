import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { FlowListRow } from '@contract/flow';
import { flowListQuery } from '@/features/follow/api/get-flow-list';
import { isSelectedRow, nextSelection, selectionOf } from '@/features/pad/api/flow-selection';
import { validateFlowSelection } from '@/features/pad/api/flow-search-params';
import { validateBacklogSearch } from '@/features/pad/api/flow-tabs';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const row = (n: number): FlowListRow => ({
  id: id(n),
  instanceId: id(n + 5),
  title: `流程${n}`,
  serial: `SP${n}`,
  definitionName: '请假',
  category: '人事',
  initiatorName: '张三',
  nodeName: '审批',
  status: 'running',
  createdAt: '2026-11-23T08:00:00Z',
  handledAt: null,
});

function withTodo(rows: FlowListRow[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(flowListQuery('todo')('').queryKey, {
    pages: [{ rows, total: rows.length }],
    pageParams: [1],
  });
  return queryClient;
}

describe('tablet flow selection (kept in the URL)', () => {
  it('a to-do row selects its task, a 待阅 row its copy, other lists the flow alone', () => {
    expect(selectionOf('todo', row(1))).toEqual({ instanceId: id(6), taskId: id(1) });
    expect(selectionOf('unread', row(1))).toEqual({ instanceId: id(6), readId: id(1) });
    expect(selectionOf('history', row(1))).toEqual({ instanceId: id(6) });
    // a flow opened from 我发起的 stays selected while its own task is being dealt with
    expect(isSelectedRow('mine', row(1), { instanceId: id(6), taskId: id(9), deal: 'approve' })).toBe(true);
    expect(isSelectedRow('todo', row(1), { instanceId: id(6), taskId: id(9) })).toBe(false);
  });

  it('after a to-do is handled, the one after it opens (the one before at the end, nothing when it was the last)', () => {
    const rows = [row(1), row(2), row(3)];
    expect(nextSelection(withTodo(rows), 'todo', undefined, selectionOf('todo', row(2)))).toEqual(
      selectionOf('todo', row(3)),
    );
    expect(nextSelection(withTodo(rows), 'todo', undefined, selectionOf('todo', row(3)))).toEqual(
      selectionOf('todo', row(2)),
    );
    // the list was already refetched without it: the first left
    expect(nextSelection(withTodo([row(2), row(3)]), 'todo', undefined, selectionOf('todo', row(1)))).toEqual(
      selectionOf('todo', row(2)),
    );
    expect(nextSelection(withTodo([row(1)]), 'todo', undefined, selectionOf('todo', row(1)))).toBeNull();
  });

  it('drops malformed search parameters instead of breaking the page', () => {
    expect(validateFlowSelection({ instanceId: 'x', taskId: id(1) })).toEqual({});
    expect(validateFlowSelection({ instanceId: id(1), deal: 'approve', readId: 'bad' })).toEqual({
      instanceId: id(1),
      deal: 'approve',
    });
    expect(validateBacklogSearch({ tab: 'history', instanceId: id(2) })).toEqual({ tab: 'history', instanceId: id(2) });
    expect(validateBacklogSearch({ tab: 'todo' })).toEqual({});
    expect(validateBacklogSearch({ tab: 'nope' })).toEqual({});
  });
});
