import { createFileRoute } from '@tanstack/react-router';
import { CollectPage } from '@/features/addressbook/components/collect-page';

export const Route = createFileRoute('/addressbook/collect')({
  staticData: { title: '常用联系人', index: 2 },
  component: CollectPage,
});
