import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';

export const Route = createFileRoute('/follow/transferList')({
  staticData: { title: '已转办', index: 2 },
  component: () => <FlowListPage kind="transfer" />,
});
