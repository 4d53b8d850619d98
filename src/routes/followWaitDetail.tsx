import { createFileRoute } from '@tanstack/react-router';
import { validateFlowDetailSearch } from '@/lib/search-params';
import { FlowDetailScreen } from '@/features/pad/components/flow-screens';
import { loadFlowScreen } from '@/features/pad/api/flow-screen-loader';

// every 审批 detail route, phone and tablet, is this one screen (FlowDetailScreen) of the list it belongs to
export const Route = createFileRoute('/followWaitDetail')({
  staticData: { title: '待办详情', index: 3 },
  validateSearch: validateFlowDetailSearch,
  loaderDeps: ({ search }) => ({ instanceId: search.instanceId }),
  loader: ({ context, deps, location }) =>
    loadFlowScreen(context.queryClient, location.pathname, 'todo', deps.instanceId),
  component: FlowDetail,
});

function FlowDetail() {
  return <FlowDetailScreen kind="todo" selection={Route.useSearch()} />;
}
