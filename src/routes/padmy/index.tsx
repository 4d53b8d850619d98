import { createFileRoute } from '@tanstack/react-router';
import { PadMyPage } from '@/features/pad/components/pad-my-page';

export const Route = createFileRoute('/padmy/')({
  staticData: { title: '我的', index: 1, home: true },
  component: PadMy,
});

function PadMy() {
  const { section } = Route.useSearch();
  return <PadMyPage section={section} />;
}
