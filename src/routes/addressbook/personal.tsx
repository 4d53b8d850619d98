import { createFileRoute } from '@tanstack/react-router';
import { loadPersonalList } from '@/features/addressbook/api/loaders';
import { PersonalListPage } from '@/features/addressbook/components/personal-list-page';

export const Route = createFileRoute('/addressbook/personal')({
  staticData: { title: '个人通讯录', index: 2 },
  loader: ({ context }) => loadPersonalList(context.queryClient),
  component: PersonalListPage,
});
