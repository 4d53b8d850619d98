import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';
import { loadFlowList } from '@/features/follow/api/loaders';

export const Route = createFileRoute('/follow/historyList')({
  staticData: { title: '已办', index: 2 },
  loader: ({ context }) => loadFlowList(context.queryClient, 'history'),
  component: () => <FlowListPage kind="history" />,
});
