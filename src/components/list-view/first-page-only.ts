import type { InfiniteData } from '@tanstack/react-query';

/** Cached pages cut back to page 1, so a refetch reloads one page instead of every page seen before. */
export function firstPageOnly<P>(data: InfiniteData<P, unknown> | undefined): InfiniteData<P, unknown> | undefined {
  if (!data || data.pages.length <= 1) return data;
  return { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
}
