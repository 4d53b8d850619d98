import { createFileRoute } from '@tanstack/react-router';
import { FollowHubPage } from '@/features/follow/components/follow-hub-page';

export const Route = createFileRoute('/follow/index')({
  staticData: { title: '审批', index: 1 },
  component: FollowHubPage,
});
