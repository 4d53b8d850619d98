import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';
import { loadFlowList } from '@/features/follow/api/loaders';

export const Route = createFileRoute('/follow/ccList')({
  staticData: { title: '抄送我', index: 2 },
  loader: ({ context }) => loadFlowList(context.queryClient, 'cc'),
  component: () => <FlowListPage kind="cc" />,
});
