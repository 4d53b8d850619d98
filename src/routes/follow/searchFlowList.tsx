import { createFileRoute } from '@tanstack/react-router';
import { optionalDay, optionalText } from '@/lib/search-params';
import { FlowListPage } from '@/features/follow/components/flow-list-page';
import { loadFlowList } from '@/features/follow/api/loaders';

const filtersOf = (search: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(search).filter(([, v]) => v));

const searchSchema = (
  search: Record<string, unknown>,
): { keyword?: string; category?: string; from?: string; to?: string } => ({
  keyword: optionalText(search.keyword, 50),
  category: optionalText(search.category, 32),
  from: optionalDay(search.from),
  to: optionalDay(search.to),
});

export const Route = createFileRoute('/follow/searchFlowList')({
  staticData: { title: '查询结果', index: 3 },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadFlowList(context.queryClient, 'search', filtersOf(deps)),
  component: SearchResults,
});

function SearchResults() {
  const search = Route.useSearch();
  return <FlowListPage kind="search" filters={filtersOf(search)} />;
}
