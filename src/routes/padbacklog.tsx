import { createFileRoute } from '@tanstack/react-router';
import { PadSection } from '@/features/pad/components/pad-layout';

export const Route = createFileRoute('/padbacklog')({
  staticData: { title: '待办', index: 1, home: true },
  component: () => <PadSection />,
});
