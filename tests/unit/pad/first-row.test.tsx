import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import type { Page } from '@contract/envelope';
import { pagedListQuery, type ListPageQuery } from '@/components/list-view';
import { useFirstRow } from '@/features/pad/components/use-first-row';

interface Row {
  id: string;
}

/** jsdom has no layout: matchMedia answers for a window of this width (one pane below 700 px). */
function windowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width < 700 && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

function setup() {
  const fetchPage = vi.fn(async (_: ListPageQuery): Promise<Page<Row>> => ({ rows: [], total: 0 }));
  const query = pagedListQuery<Row>(['pad-test', 'list'], fetchPage);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  /** what the list pane's own fetch would have put in the cache (the query cache tells its observers a tick later) */
  const listLoaded = (ids: string[]) =>
    act(async () => {
      client.setQueryData<InfiniteData<Page<Row>, number>>(query('').queryKey, {
        pages: [{ rows: ids.map((id) => ({ id })), total: ids.length }],
        pageParams: [1],
      });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return { fetchPage, query, wrapper, listLoaded };
}

describe('the row a two-pane list shows while none is chosen', () => {
  it('waits for the list, then shows its first row without asking the server for anything', async () => {
    windowWidth(1024);
    const { fetchPage, query, wrapper, listLoaded } = setup();
    const { result } = renderHook(() => useFirstRow(query, true), { wrapper });
    expect(result.current).toEqual({ row: undefined, waiting: true });
    await listLoaded(['a', 'b']);
    expect(result.current).toEqual({ row: { id: 'a' }, waiting: false });
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('keeps the row shown when a new one arrives on top, and moves on when it leaves the list', async () => {
    windowWidth(1024);
    const { query, wrapper, listLoaded } = setup();
    const { result } = renderHook(() => useFirstRow(query, true), { wrapper });
    await listLoaded(['a', 'b']);
    await listLoaded(['new', 'a', 'b']);
    expect(result.current.row).toEqual({ id: 'a' });
    await listLoaded(['new', 'b']);
    expect(result.current.row).toEqual({ id: 'new' });
  });

  it('shows nothing in one pane, or once the address names an item', async () => {
    windowWidth(507);
    const narrow = setup();
    const one = renderHook(() => useFirstRow(narrow.query, true), { wrapper: narrow.wrapper });
    await narrow.listLoaded(['a']);
    expect(one.result.current).toEqual({ waiting: false });

    windowWidth(1024);
    const wide = setup();
    const chosen = renderHook(() => useFirstRow(wide.query, false), { wrapper: wide.wrapper });
    await wide.listLoaded(['a']);
    expect(chosen.result.current).toEqual({ waiting: false });
  });
});
