import { useState, type ReactNode } from 'react';
import { PullToRefresh } from 'antd-mobile';
import { EmptyState } from '@/components/empty-state';
import { pullText } from '@/components/list-view';
import { SearchBox } from '@/components/search-box';
import { PULL_REFRESH_HEIGHT_PX } from '@/lib/spec-limits';
import { useIsOffline } from '@/offline/online-status';

interface LocalListProps<T> {
  /** the whole (small) list as loaded; searched here, on the phone */
  items: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
  matches: (item: T, keyword: string) => boolean;
  render: (item: T) => ReactNode;
  label: string;
  placeholder: string;
  emptyTip: string;
}

/** A list the server answers whole (groups, favourites): search on the phone, pull to refresh, empty and offline states. */
export function LocalList<T>({
  items,
  isPending,
  isError,
  refetch,
  matches,
  render,
  label,
  placeholder,
  emptyTip,
}: LocalListProps<T>) {
  const [keyword, setKeyword] = useState('');
  const offline = useIsOffline();
  const shown = (items ?? []).filter((item) => !keyword || matches(item, keyword.toLowerCase()));
  const body = () => {
    if (isPending) return offline ? <EmptyState kind="offline" /> : <p className="contacts-loading">加载中...</p>;
    if (isError && !items) return <EmptyState kind={offline ? 'offline' : 'error'} onRetry={() => void refetch()} />;
    if (!shown.length)
      return <EmptyState kind={keyword ? 'nosearch' : 'nodata'} tip={keyword ? undefined : emptyTip} />;
    return (
      <ul className="contacts-list" aria-label={label}>
        {shown.map(render)}
      </ul>
    );
  };
  return (
    <>
      <SearchBox placeholder={placeholder} value={keyword} onSearch={setKeyword} />
      <PullToRefresh
        headHeight={PULL_REFRESH_HEIGHT_PX}
        threshold={PULL_REFRESH_HEIGHT_PX}
        renderText={(status) => pullText(status, false)}
        onRefresh={async () => void (await refetch())}
      >
        {body()}
      </PullToRefresh>
    </>
  );
}
