import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';
import { loadFlowList } from '@/features/follow/api/loaders';

export const Route = createFileRoute('/follow/unreadList')({
  staticData: { title: '待阅', index: 2 },
  loader: ({ context }) => loadFlowList(context.queryClient, 'unread'),
  component: () => <FlowListPage kind="unread" />,
});
