import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';
import { loadFlowList } from '@/features/follow/api/loaders';

export const Route = createFileRoute('/follow/waitList')({
  staticData: { title: '待办', index: 2 },
  loader: ({ context }) => loadFlowList(context.queryClient, 'todo'),
  component: () => <FlowListPage kind="todo" />,
});
