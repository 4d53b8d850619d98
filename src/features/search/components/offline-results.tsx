import { SEARCH_MODULE_LABELS, type SearchModule } from '@contract/search';
import { EmptyState } from '@/components/empty-state';
import { useOfflineAnswer, useOfflineModuleHits } from '../offline/use-offline-search';
import { HitList, SearchGroups, type ResultsProps } from './search-groups';

export const OFFLINE_SEARCH_NOTE = '离线搜索：仅搜索本机已缓存的内容';
/** the search's own chunk could not be fetched (offline before the service worker kept the build) */
const UNAVAILABLE = '离线搜索暂不可用，请联网后再试';

function OfflineNote() {
  return (
    <p className="search-offline-note" role="status">
      {OFFLINE_SEARCH_NOTE}
    </p>
  );
}

/** The grouped results over the device's cache, under a line that says they come from the device. */
export function OfflineGroupedResults(props: ResultsProps & { onMore: (m: SearchModule) => void }) {
  const answer = useOfflineAnswer(props.keyword);
  return (
    <>
      <OfflineNote />
      {answer.isPending ? (
        <p className="search-note">搜索中…</p>
      ) : answer.isError ? (
        <EmptyState kind="offline" tip={UNAVAILABLE} onRetry={() => void answer.refetch()} />
      ) : answer.data.groups.length ? (
        <SearchGroups answer={answer.data} {...props} />
      ) : (
        <EmptyState kind="nosearch" tip="本机缓存中没有找到相关内容" />
      )}
    </>
  );
}

/** One module's hits over the device's cache, all at once (nothing to page: they are already on the device). */
export function OfflineModuleResults({ module, ...props }: ResultsProps & { module: SearchModule }) {
  const hits = useOfflineModuleHits(props.keyword, module);
  const label = SEARCH_MODULE_LABELS[module];
  return (
    <>
      <OfflineNote />
      {hits.isPending ? (
        <p className="search-note">搜索中…</p>
      ) : hits.isError ? (
        <EmptyState kind="offline" tip={UNAVAILABLE} onRetry={() => void hits.refetch()} />
      ) : hits.data.length ? (
        <section className="search-group" aria-label={`${label}搜索结果`}>
          <HitList hits={hits.data} {...props} />
        </section>
      ) : (
        <EmptyState kind="nosearch" tip={`本机缓存中没有找到相关${label}`} />
      )}
    </>
  );
}
