import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import type { Page } from '@contract/envelope';
import { LIST_PAGE_SIZE } from '@/lib/spec-limits';

export interface ListPageQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  [filter: string]: unknown;
}

/** What a ListView is handed: the list's infiniteQueryOptions for a search keyword. */
export type ListQuery<T> = (keyword: string) => ReturnType<typeof pagedOptions<T>>;

function pagedOptions<T>(
  key: readonly unknown[],
  fetchPage: (query: ListPageQuery) => Promise<Page<T>>,
  filters: Record<string, unknown>,
  keyword: string,
) {
  return infiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>, number>, readonly unknown[], number>({
    // the key adds { keyword, ...filters } to the list's root so each search caches on its own
    queryKey: [...key, { keyword, ...filters }],
    queryFn: ({ pageParam }) =>
      fetchPage({ ...filters, pageNum: pageParam, pageSize: LIST_PAGE_SIZE, ...(keyword ? { keyword } : {}) }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * LIST_PAGE_SIZE < last.total && last.rows.length > 0 ? pages.length + 1 : undefined,
  });
}

/** Spec §4 paging (pages of 10 from 1, `{ rows, total }`) as one infiniteQueryOptions per list and keyword. */
export function pagedListQuery<T>(
  key: readonly unknown[],
  fetchPage: (query: ListPageQuery) => Promise<Page<T>>,
  filters: Record<string, unknown> = {},
): ListQuery<T> {
  return (keyword) => pagedOptions(key, fetchPage, filters, keyword);
}
