import { createFileRoute } from '@tanstack/react-router';
import { FlowListPage } from '@/features/follow/components/flow-list-page';

export const Route = createFileRoute('/follow/unreadList')({
  staticData: { title: '待阅', index: 2 },
  component: () => <FlowListPage kind="unread" />,
});
