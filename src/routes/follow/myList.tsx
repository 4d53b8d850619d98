import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';

export const Route = createFileRoute('/follow/myList')({
  staticData: { title: '我发起的', index: 2 },
  component: () => <FlowListPage kind="mine" />,
});
