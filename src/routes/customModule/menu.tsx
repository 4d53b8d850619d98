import { createFileRoute } from '@tanstack/react-router';
import { CustomMenuPage } from '@/features/custom/components/custom-menu-page';
import { loadMenu } from '@/features/custom/api/loaders';

export const Route = createFileRoute('/customModule/menu')({
  staticData: { title: '业务建模', index: 1 },
  loader: ({ context }) => loadMenu(context.queryClient),
  component: CustomMenuPage,
});
