import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { StartCataloguePage } from '@/features/follow/components/start-catalogue-page';
import { StartFormPage } from '@/features/follow/components/start-form-page';

export const Route = createFileRoute('/follow/followList')({
  staticData: { title: '发起申请', index: 2 },
  validateSearch: z.object({ definitionId: z.string().uuid().optional().catch(undefined) }),
  component: StartFlow,
});

function StartFlow() {
  const { definitionId } = Route.useSearch();
  return definitionId ? <StartFormPage key={definitionId} definitionId={definitionId} /> : <StartCataloguePage />;
}
