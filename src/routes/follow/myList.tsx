import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';
import { loadFlowList } from '@/features/follow/api/loaders';

export const Route = createFileRoute('/follow/myList')({
  staticData: { title: '我发起的', index: 2 },
  loader: ({ context }) => loadFlowList(context.queryClient, 'mine'),
  component: () => <FlowListPage kind="mine" />,
});
