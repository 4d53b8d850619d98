import { queryOptions } from '@tanstack/react-query';
import type { Page } from '@contract/pagination';
import type { SearchAnswer, SearchHit, SearchModule } from '@contract/search';
import { get } from '@/api/http';
import { pagedListQuery } from '@/components/list-view';
import { searchKeys } from './search-keys';

/** GET /api/search over every module: the first hits of each group that has any. */
export const searchEverywhereQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: searchKeys.everywhere(keyword),
    queryFn: () => get<SearchAnswer>('/api/search', { keyword }, { noLoading: true }),
    enabled: keyword.length > 0,
    staleTime: 30_000,
  });

/** One module's hits, paged (a group's 查看全部); the list's own keyword box is not shown, the page's keyword rules. */
export const searchModuleQuery = (keyword: string, module: SearchModule) =>
  pagedListQuery<SearchHit>(searchKeys.module(keyword, module), async (query) => {
    const answer = await get<SearchAnswer>(
      '/api/search',
      { pageNum: query.pageNum, pageSize: query.pageSize, keyword, module },
      { noLoading: true },
    );
    return answer.groups[0] ?? ({ rows: [], total: 0 } satisfies Page<SearchHit>);
  });
