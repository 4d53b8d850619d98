import { createFileRoute } from '@tanstack/react-router';
import { validateFlowSelection } from '@/features/pad/api/flow-search-params';
import { PadFlowSplit } from '@/features/pad/components/pad-flow-split';
const loaders = () => import('@/features/follow/api/loaders');

export const Route = createFileRoute('/padflow/viewDetail')({
  staticData: { title: '流程详情', index: 2 },
  validateSearch: validateFlowSelection,
  loaderDeps: ({ search }) => ({ instanceId: search.instanceId }),
  loader: ({ context, deps }) =>
    loaders().then((m) => Promise.all([m.loadFlowList(context.queryClient, 'history'), deps.instanceId && m.loadInstance(context.queryClient, deps.instanceId)])),
  component: FlowDetail,
});

function FlowDetail() {
  const navigate = Route.useNavigate();
  return <PadFlowSplit kind="history" selection={Route.useSearch()} onSelect={(next) => void navigate({ search: next ?? {} })} />;
}
