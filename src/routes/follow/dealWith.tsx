import { createFileRoute } from '@tanstack/react-router';
import { requiredUuid } from '@/lib/search-params';
import { DealWithPage } from '@/features/follow/components/deal-with-page';
import { parseDealAction } from '@/features/follow/deal-action-param';
import { loadInstance } from '@/features/follow/api/loaders';

export const Route = createFileRoute('/follow/dealWith')({
  staticData: { title: '办理', index: 4 },
  validateSearch: (search: Record<string, unknown>) => ({
    instanceId: requiredUuid(search.instanceId, 'instanceId'),
    taskId: requiredUuid(search.taskId, 'taskId'),
    action: parseDealAction(search.action),
  }),
  loaderDeps: ({ search }) => ({ instanceId: search.instanceId }),
  loader: ({ context, deps }) => loadInstance(context.queryClient, deps.instanceId),
  component: DealWith,
});

function DealWith() {
  const { instanceId, taskId, action } = Route.useSearch();
  return <DealWithPage instanceId={instanceId} taskId={taskId} initialAction={action} />;
}
