import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';
import { loadFlowList } from '@/features/follow/api/loaders';

export const Route = createFileRoute('/follow/waitRece')({
  staticData: { title: '收文', index: 2 },
  loader: ({ context }) => loadFlowList(context.queryClient, 'receive'),
  component: () => <FlowListPage kind="receive" />,
});
