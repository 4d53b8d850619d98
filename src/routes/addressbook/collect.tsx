import { createFileRoute } from '@tanstack/react-router';
import { loadFavourites } from '@/features/addressbook/api/loaders';
import { CollectPage } from '@/features/addressbook/components/collect-page';

export const Route = createFileRoute('/addressbook/collect')({
  staticData: { title: '常用联系人', index: 2 },
  loader: ({ context }) => loadFavourites(context.queryClient),
  component: CollectPage,
});
