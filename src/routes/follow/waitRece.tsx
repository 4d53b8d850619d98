import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';

export const Route = createFileRoute('/follow/waitRece')({
  staticData: { title: '收文', index: 2 },
  component: () => <FlowListPage kind="receive" />,
});
