import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';
import { loadFlowList } from '@/features/follow/api/loaders';

export const Route = createFileRoute('/follow/readList')({
  staticData: { title: '已阅', index: 2 },
  loader: ({ context }) => loadFlowList(context.queryClient, 'read'),
  component: () => <FlowListPage kind="read" />,
});
