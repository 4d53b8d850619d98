import { createFileRoute } from '@tanstack/react-router';
import { PadFlowLayout } from '@/features/pad/components/pad-flow-tabs';

export const Route = createFileRoute('/padflow')({
  staticData: { title: '审批', index: 1 },
  component: PadFlowLayout,
});
