import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import type { Page } from '@contract/envelope';
import { ListView, pagedListQuery, type ListPageQuery } from '@/components/list-view';
import { createAppQueryClient } from '@/app/query-client';

interface Row {
  id: string;
}

type FetchPage = (q: ListPageQuery) => Promise<Page<Row>>;

/** A server of `total` rows named r0…; a keyword keeps only rows whose name contains it. */
function fakeServer(total: number) {
  return vi.fn<FetchPage>(async ({ pageNum, pageSize, keyword }) => {
    const all = Array.from({ length: total }, (_, i) => ({ id: `r${i}` })).filter(
      (r) => !keyword || r.id.includes(keyword),
    );
    return { rows: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: all.length };
  });
}

function renderList(fetchPage: FetchPage, props: { emptyKind?: 'nomessage'; filters?: Record<string, unknown> } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <ListView<Row>
        query={pagedListQuery(['test', 'list'], fetchPage, props.filters)}
        itemKey={(r) => r.id}
        renderItem={(r) => <span>{r.id}</span>}
        searchable
        emptyKind={props.emptyKind}
      />
    </QueryClientProvider>,
  );
  return { ...view, client };
}

const pagesAsked = (fetchPage: ReturnType<typeof fakeServer>) =>
  fetchPage.mock.calls.map(([q]) => `${q.keyword ?? ''}#${q.pageNum}`);

// happy-dom does no layout; the infinite loader only runs for elements that are laid out.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get() {
      return this.parentNode;
    },
  });
});

afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

describe('ListView (spec §4/§9)', () => {
  it('asks for pages of 10 from page 1, loads on to the end and says 没有更多了', async () => {
    const fetchPage = fakeServer(12);
    renderList(fetchPage, { filters: { status: 'open' } });
    await screen.findByText('r0');
    expect(fetchPage).toHaveBeenCalledWith(expect.objectContaining({ pageNum: 1, pageSize: 10, status: 'open' }));
    await screen.findByText('r11', undefined, { timeout: 3000 });
    await screen.findByText('没有更多了');
    expect(pagesAsked(fetchPage)).toEqual(['#1', '#2']);
  });

  it('shows the list kind placeholder when empty and 暂无搜索结果 for an empty search', async () => {
    const fetchPage = fakeServer(0);
    renderList(fetchPage, { emptyKind: 'nomessage' });
    await screen.findByText('暂无消息');
    await userEvent.type(screen.getByPlaceholderText('请输入关键字'), '请假{Enter}');
    await screen.findByText('暂无搜索结果');
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ pageNum: 1, keyword: '请假' }));
  });

  it('searches 200 ms after the last keystroke', async () => {
    const fetchPage = fakeServer(5);
    renderList(fetchPage);
    await screen.findByText('r0');
    vi.useFakeTimers();
    fireEvent.change(screen.getByPlaceholderText('请输入关键字'), { target: { value: 'r3' } });
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(pagesAsked(fetchPage)).toEqual(['#1']);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(pagesAsked(fetchPage)).toEqual(['#1', 'r3#1']);
    expect(screen.getByText('r3')).toBeTruthy();
    expect(screen.queryByText('r0')).toBeNull();
  });

  it('a search restarts at page 1, also for a keyword seen before with more pages', async () => {
    const fetchPage = fakeServer(25);
    renderList(fetchPage);
    await screen.findByText('r24', undefined, { timeout: 3000 });
    expect(pagesAsked(fetchPage)).toEqual(['#1', '#2', '#3']);
    const box = screen.getByPlaceholderText('请输入关键字');
    await userEvent.type(box, 'r2{Enter}');
    await screen.findByText('r20');
    fetchPage.mockClear();
    await userEvent.clear(box);
    await userEvent.type(box, '{Enter}');
    await screen.findByText('r0');
    await waitFor(() => expect(pagesAsked(fetchPage)).toContain('#1'));
    expect(pagesAsked(fetchPage)[0]).toBe('#1');
    expect(screen.queryByText('r24')).toBeNull();
  });

  it('shows 加载失败 with 重试 when the first page fails, and recovers on retry', async () => {
    const server = fakeServer(3);
    const fetchPage = vi.fn<FetchPage>().mockRejectedValueOnce(new Error('boom')).mockImplementation(server);
    renderList(fetchPage);
    await screen.findByText('加载失败');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByText('r2');
  });

  it('offers 加载失败，点击重试 when a later page fails, and then loads it', async () => {
    const server = fakeServer(15);
    let failNext = true;
    const fetchPage = vi.fn<FetchPage>(async (q) => {
      if (q.pageNum === 2 && failNext) {
        failNext = false;
        throw new Error('boom');
      }
      return server(q);
    });
    renderList(fetchPage);
    const retry = await screen.findByRole('button', { name: '加载失败，点击重试' }, { timeout: 3000 });
    expect(screen.getByText('r9')).toBeTruthy();
    await userEvent.click(retry);
    await screen.findByText('r14');
    await screen.findByText('没有更多了');
  });

  it('says 离线，暂无缓存数据 offline with nothing cached, and loads once back online', async () => {
    onlineManager.setOnline(false);
    const fetchPage = fakeServer(2);
    renderList(fetchPage);
    await screen.findByText('离线，暂无缓存数据');
    expect(fetchPage).not.toHaveBeenCalled();
    act(() => onlineManager.setOnline(true));
    await screen.findByText('r1');
  });

  it('a cached list that is empty shows its own empty text offline; only nothing cached says 离线，暂无缓存数据', async () => {
    // the app's client (offline a read fails at once, keeping the cached answer) and a copy restored from the device
    const client = createAppQueryClient();
    const fetchPage = vi.fn<FetchPage>(async () => {
      throw Object.assign(new Error('网络不可用，请检查网络连接'), { kind: 'offline' });
    });
    const key = pagedListQuery(['test', 'list'], fetchPage)('').queryKey;
    client.setQueryData(key, { pages: [{ rows: [], total: 0 }], pageParams: [1] });
    await client.invalidateQueries({ refetchType: 'none' });
    onlineManager.setOnline(false);
    render(
      <QueryClientProvider client={client}>
        <ListView<Row>
          query={pagedListQuery(['test', 'list'], fetchPage)}
          itemKey={(r) => r.id}
          renderItem={(r) => <span>{r.id}</span>}
          emptyKind="nomessage"
        />
        <ListView<Row>
          query={pagedListQuery(['test', 'never-opened'], fetchPage)}
          itemKey={(r) => r.id}
          renderItem={(r) => <span>{r.id}</span>}
          emptyKind="nomessage"
        />
      </QueryClientProvider>,
    );
    // the cached list's refetch was tried and failed
    await waitFor(() => expect(client.getQueryState(key)?.status).toBe('error'));
    expect(screen.getAllByText('暂无消息')).toHaveLength(1);
    expect(screen.getAllByText('离线，暂无缓存数据')).toHaveLength(1);
  });

  it('shows cached rows offline instead of the offline placeholder', async () => {
    const fetchPage = fakeServer(3);
    const { client, unmount } = renderList(fetchPage);
    await screen.findByText('r0');
    unmount();
    onlineManager.setOnline(false);
    render(
      <QueryClientProvider client={client}>
        <ListView<Row>
          query={pagedListQuery(['test', 'list'], fetchPage)}
          itemKey={(r) => r.id}
          renderItem={(r) => <span>{r.id}</span>}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByText('r2')).toBeTruthy();
    expect(screen.queryByText('离线，暂无缓存数据')).toBeNull();
  });
});
