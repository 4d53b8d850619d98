import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { FlowListPage } from '@/features/follow/components/flow-list-page';
import { flowListQuery } from '@/features/follow/api/get-flow-list';
import { renderPages, testQueryClient } from '../support/render-pages';
import { todoRow } from '../support/flow-fixtures';
import { serveFlow } from '../support/flow-pages';

// Issue 47 point 4: 批量同意 has 全选, which takes every loaded row 同意 alone can settle, and gives them back.
const row = (id: string, title: string, quickApprove: boolean) => todoRow(id, title, { quickApprove });
const page = {
  rows: [row('t1', '张三的请假', true), row('t2', '王五的请假', true), row('t3', '赵六的报销', false)],
  total: 3,
};

function renderTodo() {
  const queryClient = testQueryClient({ queries: { staleTime: Infinity } });
  queryClient.setQueryData(flowListQuery('todo')('').queryKey, { pages: [page], pageParams: [1] });
  // the list's own refetch gets the same page; the 筛选 sheet's processes are none
  serveFlow((config) => (config.url?.includes('/definitions') ? [] : page));
  renderPages({ '/follow/waitList': () => <FlowListPage kind="todo" /> }, { at: '/follow/waitList', queryClient });
}
const checked = () =>
  within(screen.getByRole('list', { name: '待办' }))
    .queryAllByRole('checkbox', { checked: true })
    .map((b) => b.getAttribute('aria-label'));

const selectAll = () => screen.getByRole('checkbox', { name: '全选' });

afterEach(cleanup);

describe('批量同意 全选', () => {
  it('selects the loaded rows that need no input, counts them, and deselects them again', async () => {
    renderTodo();
    fireEvent.click(await screen.findByRole('button', { name: '批量同意' }));
    expect(screen.getByText('已选 0 项')).toBeTruthy();
    expect(selectAll().getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByText('全选'));
    expect(await screen.findByText('已选 2 项')).toBeTruthy();
    expect(screen.getByRole('button', { name: '同意(2)' })).toBeTruthy();
    expect(checked()).toEqual(['选择张三的请假', '选择王五的请假']);
    fireEvent.click(screen.getByText('全选'));
    expect(await screen.findByText('已选 0 项')).toBeTruthy();
    expect(checked()).toEqual([]);
  });

  it('one row chosen by hand leaves 全选 half-set; 全选 then takes the rest', async () => {
    renderTodo();
    fireEvent.click(await screen.findByRole('button', { name: '批量同意' }));
    fireEvent.click(screen.getByRole('button', { name: /张三的请假/ }));
    expect(await screen.findByText('已选 1 项')).toBeTruthy();
    expect(selectAll().getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(screen.getByText('全选'));
    expect(await screen.findByText('已选 2 项')).toBeTruthy();
    expect(selectAll().getAttribute('aria-checked')).toBe('true');
  });
});
