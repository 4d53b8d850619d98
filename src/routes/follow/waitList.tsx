import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';

export const Route = createFileRoute('/follow/waitList')({
  staticData: { title: '待办', index: 2 },
  component: () => <FlowListPage kind="todo" />,
});
