import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';

export const Route = createFileRoute('/follow/backList')({
  staticData: { title: '我的退回', index: 2 },
  component: () => <FlowListPage kind="back" />,
});
