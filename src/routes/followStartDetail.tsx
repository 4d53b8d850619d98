import { createFileRoute } from '@tanstack/react-router';
import { optionalUuid, requiredUuid } from '@/lib/search-params';
import { InstanceDetailPage } from '@/features/follow/components/instance-detail-page';

export const Route = createFileRoute('/followStartDetail')({
  staticData: { title: '我的申请', index: 3 },
  validateSearch: (search: Record<string, unknown>): { instanceId: string; taskId?: string; readId?: string } => ({
    instanceId: requiredUuid(search.instanceId, 'instanceId'),
    taskId: optionalUuid(search.taskId),
    readId: optionalUuid(search.readId),
  }),
  component: Detail,
});

function Detail() {
  const { instanceId, readId } = Route.useSearch();
  return <InstanceDetailPage key={instanceId} instanceId={instanceId} readId={readId} variant="start" />;
}
