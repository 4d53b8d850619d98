import { createFileRoute } from '@tanstack/react-router';
import { PadLayout } from '@/features/pad/components/pad-layout';
import { railEntries } from '@/modules';

export const Route = createFileRoute('/padworktable')({
  staticData: { title: '工作台', index: 1, home: true },
  component: () => <PadLayout rail={railEntries} />,
});
