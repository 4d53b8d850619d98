import { createFileRoute } from '@tanstack/react-router';
import { GroupListPage } from '@/features/addressbook/components/group-list-page';

export const Route = createFileRoute('/addressbook/group')({
  staticData: { title: '我的群组', index: 2 },
  component: GroupListPage,
});
