import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';

export const Route = createFileRoute('/follow/readList')({
  staticData: { title: '已阅', index: 2 },
  component: () => <FlowListPage kind="read" />,
});
