import { useRef, useState, type ReactNode } from 'react';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from './paged-list-query';
import {
  INFINITE_LOAD_OFFSET_PX,
  LIST_REFRESH_DEBOUNCE_MS,
  LIST_SEARCH_DEBOUNCE_MS,
  PULL_REFRESH_HEIGHT_PX,
} from '@/lib/spec-limits';
import { useIsOffline } from '@/offline/online-status';
import { EmptyState, type EmptyKind } from '../empty-state';
import { useScrollContainer } from '../scroll-container';
import { SearchBox } from '../search-box';
import { ListFooter } from './list-footer';
import { PULL_TEXT, pullText } from './pull-texts';
import { firstPageOnly } from './first-page-only';
import './list-view.css';

export interface ListViewProps<T> {
  /** the list's infiniteQueryOptions for a keyword (see pagedListQuery); each search caches on its own key */
  query: ListQuery<T>;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => string;
  searchable?: boolean;
  placeholder?: string;
  emptyKind?: EmptyKind;
  emptyTip?: string;
  onItemClick?: (item: T) => void;
  /** accessible name of the list */
  label?: string;
}

/** Spec §4/§9 list: search and pull-to-refresh restart at page 1, pages of 10, infinite load 300 px from the end. */
export function ListView<T>(props: ListViewProps<T>) {
  const {
    query: optionsFor,
    renderItem,
    itemKey,
    searchable,
    placeholder,
    emptyKind = 'emptydata',
    emptyTip,
    onItemClick,
    label,
  } = props;
  const [keyword, setKeyword] = useState('');
  const offline = useIsOffline();
  const scroller = useScrollContainer();
  const lastRefresh = useRef(0);
  const queryClient = useQueryClient();
  const keyFor = (kw: string) => optionsFor(kw).queryKey;

  const query = useInfiniteQuery(optionsFor(keyword));
  const rows = query.data?.pages.flatMap((p) => p.rows) ?? [];
  const finished = query.hasNextPage === false && rows.length > 0;

  const handleSearch = (next: string) => {
    // a search starts at page 1 even when that keyword has several pages cached from before
    queryClient.setQueryData(keyFor(next), firstPageOnly);
    if (scroller) scroller.scrollTop = 0;
    setKeyword(next);
  };

  const handleRefresh = async () => {
    // spec §9 refresh debounce: pulls within 1 s of the last one do not fetch again
    const now = Date.now();
    if (now - lastRefresh.current < LIST_REFRESH_DEBOUNCE_MS) return;
    lastRefresh.current = now;
    queryClient.setQueryData(keyFor(keyword), firstPageOnly);
    await query.refetch();
  };

  const body = () => {
    if (query.isPending) {
      if (offline || query.fetchStatus === 'paused') return <EmptyState kind="offline" />;
      return (
        <p className="list-view-loading" role="status">
          {PULL_TEXT.loading}
        </p>
      );
    }
    // nothing cached and the read failed: say why; a cached answer that is empty is this list's own empty state
    if (!query.data && query.isError) {
      return <EmptyState kind={offline ? 'offline' : 'error'} onRetry={() => void query.refetch()} />;
    }
    if (rows.length === 0)
      return <EmptyState kind={keyword ? 'nosearch' : emptyKind} tip={keyword ? undefined : emptyTip} />;
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
            // throwing lets InfiniteScroll show its retry state instead of asking again at once
            await query.fetchNextPage({ throwOnError: true });
          }}
        >
          {(hasMore: boolean, failed: boolean, retry: () => void) => (
            <ListFooter
              hasMore={hasMore}
              failed={failed}
              retry={retry}
              offlineWithMore={offline && Boolean(query.hasNextPage)}
            />
          )}
        </InfiniteScroll>
      </>
    );
  };

  return (
    <div className="list-view">
      {searchable && (
        <SearchBox
          placeholder={placeholder}
          value={keyword}
          onSearch={handleSearch}
          debounceMs={LIST_SEARCH_DEBOUNCE_MS}
        />
      )}
      <PullToRefresh
        headHeight={PULL_REFRESH_HEIGHT_PX}
        threshold={PULL_REFRESH_HEIGHT_PX}
        renderText={(status) => pullText(status, finished)}
        onRefresh={handleRefresh}
      >
        {body()}
      </PullToRefresh>
    </div>
  );
}
