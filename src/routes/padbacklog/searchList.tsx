import { createFileRoute } from '@tanstack/react-router';
import { validateFlowSearchParams } from '@/features/pad/api/flow-search-params';
import { PadFlowSearch } from '@/features/pad/components/pad-flow-search';
const loaders = () => import('@/features/follow/api/loaders');

export const Route = createFileRoute('/padbacklog/searchList')({
  staticData: { title: '流程查询', index: 2 },
  validateSearch: validateFlowSearchParams,
  loader: ({ context }) => loaders().then((m) => m.loadDefinitions(context.queryClient)),
  component: SearchList,
});

function SearchList() {
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
