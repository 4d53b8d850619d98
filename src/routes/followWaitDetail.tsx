import { createFileRoute } from '@tanstack/react-router';
import { validateFlowDetailSearch } from '@/lib/search-params';
import { InstanceDetailPage } from '@/features/follow/components/instance-detail-page';
import { loadInstance } from '@/features/follow/api/loaders';

export const Route = createFileRoute('/followWaitDetail')({
  staticData: { title: '待办详情', index: 3 },
  validateSearch: validateFlowDetailSearch,
  loaderDeps: ({ search }) => ({ instanceId: search.instanceId }),
  loader: ({ context, deps }) => loadInstance(context.queryClient, deps.instanceId),
  component: FlowDetail,
});

function FlowDetail() {
  const { instanceId, readId } = Route.useSearch();
  return <InstanceDetailPage key={instanceId} instanceId={instanceId} readId={readId} variant="wait" />;
}
