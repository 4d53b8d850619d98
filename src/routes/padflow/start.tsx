import { createFileRoute } from '@tanstack/react-router';
import { validateFlowStartParams } from '@/features/pad/api/flow-search-params';
import { PadFlowStart } from '@/features/pad/components/pad-flow-start';
const loaders = () => import('@/features/follow/api/loaders');

export const Route = createFileRoute('/padflow/start')({
  staticData: { title: '发起申请', index: 2 },
  validateSearch: validateFlowStartParams,
  loaderDeps: ({ search }) => ({ definitionId: search.definitionId }),
  loader: ({ context, deps }) =>
    loaders().then((m) =>
      Promise.all([
        m.loadDefinitions(context.queryClient),
        deps.definitionId && m.loadDefinition(context.queryClient, deps.definitionId),
      ]),
    ),
  component: Start,
});

function Start() {
  const { definitionId, draftId } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PadFlowStart
      definitionId={definitionId}
      draftId={draftId}
      onPick={(id) => void navigate({ search: id ? { definitionId: id } : {} })}
      onStarted={(instanceId) => void navigate({ to: '/padflow/startDetail', search: { instanceId }, replace: true })}
    />
  );
}
