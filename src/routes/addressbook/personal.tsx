import { createFileRoute } from '@tanstack/react-router';
import { PersonalListPage } from '@/features/addressbook/components/personal-list-page';

export const Route = createFileRoute('/addressbook/personal')({
  staticData: { title: '个人通讯录', index: 2 },
  component: PersonalListPage,
});
