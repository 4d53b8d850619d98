import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { InstanceDetailPage } from '@/features/follow/components/instance-detail-page';

export const Route = createFileRoute('/followViewDetail')({
  staticData: { title: '流程详情', index: 3 },
  validateSearch: z.object({ instanceId: z.string().uuid(), taskId: z.string().uuid().optional(), readId: z.string().uuid().optional() }),
  component: Detail,
});

function Detail() {
  const { instanceId, readId } = Route.useSearch();
  return <InstanceDetailPage key={instanceId} instanceId={instanceId} readId={readId} variant="view" />;
}
