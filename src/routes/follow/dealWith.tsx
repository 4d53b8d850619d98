import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { DealWithPage } from '@/features/follow/components/deal-with-page';

export const Route = createFileRoute('/follow/dealWith')({
  staticData: { title: '办理', index: 4 },
  validateSearch: z.object({ instanceId: z.string().uuid(), taskId: z.string().uuid() }),
  component: DealWith,
});

function DealWith() {
  const { instanceId, taskId } = Route.useSearch();
  return <DealWithPage instanceId={instanceId} taskId={taskId} />;
}
