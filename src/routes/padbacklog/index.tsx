import { createFileRoute } from '@tanstack/react-router';
import { PadBacklogPage } from '@/features/pad/components/pad-backlog-page';

export const Route = createFileRoute('/padbacklog/')({
  staticData: { title: '待办', index: 1, home: true },
  component: PadBacklogPage,
});
