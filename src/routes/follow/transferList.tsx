import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';
import { loadFlowList } from '@/features/follow/api/loaders';

export const Route = createFileRoute('/follow/transferList')({
  staticData: { title: '已转办', index: 2 },
  loader: ({ context }) => loadFlowList(context.queryClient, 'transfer'),
  component: () => <FlowListPage kind="transfer" />,
});
