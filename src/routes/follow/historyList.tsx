import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';

export const Route = createFileRoute('/follow/historyList')({
  staticData: { title: '已办', index: 2 },
  component: () => <FlowListPage kind="history" />,
});
