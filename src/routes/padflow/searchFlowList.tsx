import { createFileRoute } from '@tanstack/react-router';
import { validateFlowSearchParams } from '@/features/pad/api/flow-search-params';
import { PadFlowSearch } from '@/features/pad/components/pad-flow-search';
const loaders = () => import('@/features/follow/api/loaders');

const filtersOf = (search: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(search).filter(([, v]) => v));

export const Route = createFileRoute('/padflow/searchFlowList')({
  staticData: { title: '查询结果', index: 2 },
  validateSearch: validateFlowSearchParams,
  loaderDeps: ({ search }) => ({
    keyword: search.keyword,
    category: search.category,
    from: search.from,
    to: search.to,
  }),
  loader: ({ context, deps }) => loaders().then((m) => m.loadFlowList(context.queryClient, 'search', filtersOf(deps))),
  component: SearchResults,
});

function SearchResults() {
  const { keyword, category, from, to, ...selection } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PadFlowSearch
      filters={{ keyword, category, from, to }}
      selection={selection}
      onSearch={(filters) => void navigate({ search: filters })}
    />
  );
}
