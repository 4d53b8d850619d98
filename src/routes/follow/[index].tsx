import { createFileRoute } from '@tanstack/react-router';
import { FollowHubPage } from '@/features/follow/components/follow-hub-page';
import { loadFlowCounts } from '@/features/follow/api/loaders';

export const Route = createFileRoute('/follow/index')({
  staticData: { title: '审批', index: 1 },
  loader: ({ context }) => loadFlowCounts(context.queryClient),
  component: FollowHubPage,
});
