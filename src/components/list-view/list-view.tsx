import { useRef, useState, type ReactNode } from 'react';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Page } from '@contract/envelope';
import { useDebouncedValue } from '@/lib/debounce';
import { INFINITE_LOAD_OFFSET_PX, LIST_PAGE_SIZE, LIST_REFRESH_DEBOUNCE_MS, LIST_SEARCH_DEBOUNCE_MS, PULL_REFRESH_HEIGHT_PX } from '@/lib/gestures';
import { useIsOffline } from '@/offline/online-status';
import { EmptyState, type EmptyKind } from '../empty-state';
import { SearchBox } from '../search-box';
import { PULL_TEXT, NO_MORE_TEXT } from './pull-texts';
import './list-view.css';

export interface ListPageQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  [filter: string]: unknown;
}

export interface ListViewProps<T> {
  /** the list's key root; the full key adds { keyword, ...filters } so each search caches on its own */
  queryKey: readonly unknown[];
  fetchPage: (query: ListPageQuery) => Promise<Page<T>>;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => string;
  searchable?: boolean;
  placeholder?: string;
  filters?: Record<string, unknown>;
  emptyKind?: EmptyKind;
  emptyTip?: string;
  onItemClick?: (item: T) => void;
  /** accessible name of the list */
  label?: string;
}

/** Spec §4/§9 list: search and pull-to-refresh restart at page 1, pages of 10, infinite load 300 px from the end. */
export function ListView<T>(props: ListViewProps<T>) {
  const { queryKey, fetchPage, renderItem, itemKey, searchable, placeholder, filters, emptyKind = 'emptydata', emptyTip, onItemClick, label } = props;
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed, LIST_SEARCH_DEBOUNCE_MS);
  const offline = useIsOffline();
  const lastRefresh = useRef(0);

  const queryClient = useQueryClient();
  const fullKey = [...queryKey, { keyword, ...filters }];
  const query = useInfiniteQuery({
    queryKey: fullKey,
    queryFn: ({ pageParam }) => fetchPage({ ...filters, pageNum: pageParam, pageSize: LIST_PAGE_SIZE, ...(keyword ? { keyword } : {}) }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * LIST_PAGE_SIZE < last.total && last.rows.length > 0 ? pages.length + 1 : undefined),
  });

  const rows = query.data?.pages.flatMap((p) => p.rows) ?? [];

  const handleRefresh = async () => {
    const now = Date.now();
    if (now - lastRefresh.current < LIST_REFRESH_DEBOUNCE_MS) return;
    lastRefresh.current = now;
    // Back to page 1: drop the later pages so the refreshed list is not a mix of old and new pages.
    queryClient.setQueryData<InfiniteData<Page<T>, number>>(fullKey, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    await query.refetch();
  };

  const body = () => {
    if (query.isPending) {
      if (offline) return <EmptyState kind="offline" />;
      return <p className="list-view-loading">加载中...</p>;
    }
    if (query.isError && rows.length === 0) {
      return <EmptyState kind={offline ? 'offline' : 'error'} onRetry={() => void query.refetch()} />;
    }
    if (rows.length === 0) return <EmptyState kind={keyword ? 'nosearch' : emptyKind} tip={keyword ? undefined : emptyTip} />;
    return (
      <>
        <ul className="list-view-items" aria-label={label}>
          {rows.map((item, index) => (
            <li key={itemKey(item)} className="list-view-item">
              {onItemClick ? (
                <button type="button" className="list-view-item-button" onClick={() => onItemClick(item)}>
                  {renderItem(item, index)}
                </button>
              ) : (
                renderItem(item, index)
              )}
            </li>
          ))}
        </ul>
        <InfiniteScroll
          threshold={INFINITE_LOAD_OFFSET_PX}
          hasMore={Boolean(query.hasNextPage) && !offline}
          loadMore={async () => {
            await query.fetchNextPage();
          }}
        >
          {(hasMore: boolean, failed: boolean, retry: () => void) =>
            hasMore ? (
              <span className="list-view-footer">加载中...</span>
            ) : failed ? (
              <button type="button" className="list-view-footer" onClick={retry}>
                加载失败，点击重试
              </button>
            ) : (
              <span className="list-view-footer">{NO_MORE_TEXT}</span>
            )
          }
        </InfiniteScroll>
      </>
    );
  };

  return (
    <div className="list-view">
      {searchable && <SearchBox placeholder={placeholder} value={typed} onSearch={setTyped} />}
      <PullToRefresh
        headHeight={PULL_REFRESH_HEIGHT_PX}
        threshold={PULL_REFRESH_HEIGHT_PX}
        pullingText={PULL_TEXT.pulling}
        canReleaseText={PULL_TEXT.release}
        refreshingText={PULL_TEXT.loading}
        completeText={query.hasNextPage === false && rows.length > 0 ? PULL_TEXT.noMore : PULL_TEXT.done}
        onRefresh={handleRefresh}
      >
        {body()}
      </PullToRefresh>
    </div>
  );
}
