import { createFileRoute } from '@tanstack/react-router';
import { loadGroups } from '@/features/addressbook/api/loaders';
import { GroupListPage } from '@/features/addressbook/components/group-list-page';

export const Route = createFileRoute('/addressbook/group')({
  staticData: { title: '我的群组', index: 2 },
  loader: ({ context }) => loadGroups(context.queryClient),
  component: GroupListPage,
});
