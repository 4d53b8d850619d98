import { createFileRoute } from '@tanstack/react-router';
import { PadSection } from '@/features/pad/components/pad-layout';

export const Route = createFileRoute('/padworktable')({
  staticData: { title: '工作台', index: 1, home: true },
  component: () => <PadSection />,
});
