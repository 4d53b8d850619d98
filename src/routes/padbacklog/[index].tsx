import { createFileRoute } from '@tanstack/react-router';
import { validateBacklogSearch } from '@/features/pad/api/flow-tabs';
import { PadBacklogPage } from '@/features/pad/components/pad-backlog-page';
// loaders load with the page's chunk, not with the first-load bundle every route pays for
const loaders = () => import('@/features/follow/api/loaders');

export const Route = createFileRoute('/padbacklog/index')({
  staticData: { title: '待办', index: 1, home: true },
  validateSearch: validateBacklogSearch,
  loaderDeps: ({ search }) => ({ tab: search.tab, instanceId: search.instanceId }),
  loader: ({ context, deps }) =>
    loaders().then((m) =>
      Promise.all([
        m.loadFlowList(context.queryClient, deps.tab ?? 'todo'),
        deps.instanceId && m.loadInstance(context.queryClient, deps.instanceId),
      ]),
    ),
  component: Backlog,
});

function Backlog() {
  return <PadBacklogPage search={Route.useSearch()} />;
}
