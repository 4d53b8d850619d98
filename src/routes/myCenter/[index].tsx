import { createFileRoute } from '@tanstack/react-router';
import { MyCenterPage } from '@/features/my/components/my-center-page';

export const Route = createFileRoute('/myCenter/index')({
  staticData: { title: '我的', index: 1, home: true },
  component: MyCenterPage,
});
