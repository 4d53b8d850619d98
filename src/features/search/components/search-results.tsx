import { useQuery } from '@tanstack/react-query';
import { SEARCH_MODULE_LABELS, type SearchModule } from '@contract/search';
import { isNetworkError } from '@/api/http';
import { EmptyState } from '@/components/empty-state';
import { ListView } from '@/components/list-view';
import { useIsOffline } from '@/offline/online-status';
import { searchEverywhereQueryOptions, searchModuleQuery } from '../api/get-search-results';
import { OfflineGroupedResults, OfflineModuleResults } from './offline-results';
import { SearchGroups, SearchHitRow, openKey, type ResultsProps } from './search-groups';

/**
 * Every module at once: online the server's groups; offline (or when the server cannot be reached) the same groups
 * over what the device has cached.
 */
export function GroupedResults(props: ResultsProps & { onMore: (m: SearchModule) => void }) {
  const offline = useIsOffline();
  const answer = useQuery({ ...searchEverywhereQueryOptions(props.keyword), enabled: !offline && !!props.keyword });
  if (offline || (answer.isError && isNetworkError(answer.error))) return <OfflineGroupedResults {...props} />;
  if (answer.isPending) return <p className="search-note">搜索中…</p>;
  if (answer.isError) return <EmptyState kind="error" onRetry={() => void answer.refetch()} />;
  if (!answer.data.groups.length) return <EmptyState kind="nosearch" tip="没有找到相关内容" />;
  return <SearchGroups answer={answer.data} {...props} />;
}

/** One module's hits, paged with pull to refresh and infinite load; offline, every hit the device has cached. */
export function ModuleResults({ keyword, module, onOpen, selectedKey }: ResultsProps & { module: SearchModule }) {
  const offline = useIsOffline();
  if (offline)
    return <OfflineModuleResults keyword={keyword} module={module} onOpen={onOpen} selectedKey={selectedKey} />;
  return (
    <ListView
      key={`${keyword}:${module}`}
      query={searchModuleQuery(keyword, module)}
      itemKey={(hit) => hit.key}
      renderItem={(hit) => <SearchHitRow hit={hit} keyword={keyword} selected={openKey(hit) === selectedKey} />}
      onItemClick={onOpen}
      emptyKind="nosearch"
      emptyTip={`没有找到相关${SEARCH_MODULE_LABELS[module]}`}
      label={`${SEARCH_MODULE_LABELS[module]}搜索结果`}
    />
  );
}
