import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';
import { loadFlowList } from '@/features/follow/api/loaders';

export const Route = createFileRoute('/follow/backList')({
  staticData: { title: '我的退回', index: 2 },
  loader: ({ context }) => loadFlowList(context.queryClient, 'back'),
  component: () => <FlowListPage kind="back" />,
});
