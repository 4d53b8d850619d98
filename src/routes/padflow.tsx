import { createFileRoute } from '@tanstack/react-router';
import { PadLayout } from '@/features/pad/components/pad-layout';
import { railEntries } from '@/modules';

export const Route = createFileRoute('/padflow')({
  staticData: { title: '审批', index: 1 },
  component: () => <PadLayout rail={railEntries} />,
});
