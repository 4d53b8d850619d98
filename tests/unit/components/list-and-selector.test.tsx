import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SelectorNode } from '@contract/upms';
import { ListView } from '@/components/list-view';
import { allSelected, setUsers, toggleUser } from '@/components/org-user-selector';

const user = (id: string): SelectorNode => ({ id, name: id, realName: id, popCode: 'user', parentId: 'o1' });

describe('selector selection (spec §4)', () => {
  it('ticking an org adds all its users de-duplicated; unticking removes them', () => {
    let selection = toggleUser(new Map(), user('a'), true);
    selection = setUsers(selection, [user('a'), user('b'), user('c')], true);
    expect([...selection.keys()]).toEqual(['a', 'b', 'c']);
    expect(allSelected(selection, [user('b'), user('c')])).toBe(true);
    selection = setUsers(selection, [user('b'), user('c')], false);
    expect([...selection.keys()]).toEqual(['a']);
  });

  it('ticking a user toggles it; single mode keeps one', () => {
    let selection = toggleUser(new Map(), user('a'), true);
    selection = toggleUser(selection, user('a'), true);
    expect(selection.size).toBe(0);
    selection = toggleUser(toggleUser(new Map(), user('a'), false), user('b'), false);
    expect([...selection.keys()]).toEqual(['b']);
  });
});

function renderList(fetchPage: Parameters<typeof ListView<{ id: string }>>[0]['fetchPage'], emptyKind?: 'nomessage') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ListView queryKey={['test', 'list']} fetchPage={fetchPage} itemKey={(r) => r.id} renderItem={(r) => <span>{r.id}</span>} searchable emptyKind={emptyKind} />
    </QueryClientProvider>,
  );
}

describe('ListView (spec §4/§9)', () => {
  // happy-dom does no layout; the infinite loader only runs for elements that are laid out.
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get() { return this.parentNode; } });
  });

  it('asks for pages of 10 from page 1 and says 没有更多了 at the end', async () => {
    const fetchPage = vi.fn(async ({ pageNum, pageSize }: { pageNum: number; pageSize: number }) => ({
      rows: Array.from({ length: pageNum === 1 ? 10 : 2 }, (_, i) => ({ id: `r${(pageNum - 1) * pageSize + i}` })),
      total: 12,
    }));
    renderList(fetchPage);
    await screen.findByText('r0');
    expect(fetchPage).toHaveBeenCalledWith(expect.objectContaining({ pageNum: 1, pageSize: 10 }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledWith(expect.objectContaining({ pageNum: 2 })), { timeout: 3000 });
    await screen.findByText('r11');
    await screen.findByText('没有更多了');
  });

  it('shows the list kind placeholder when empty and 暂无搜索结果 for an empty search', async () => {
    const fetchPage = vi.fn(async () => ({ rows: [], total: 0 }));
    renderList(fetchPage, 'nomessage');
    await screen.findByText('暂无消息');
    fireEvent.submit(screen.getByRole('search'), {});
    fireEvent.change(screen.getByPlaceholderText('请输入关键字'), { target: { value: '请假' } });
    fireEvent.submit(screen.getByRole('search'));
    await screen.findByText('暂无搜索结果', undefined, { timeout: 3000 });
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ pageNum: 1, keyword: '请假' }));
  });
});
