import { createFileRoute } from '@tanstack/react-router';
import { PadWorktablePage } from '@/features/pad/components/pad-worktable-page';
import { homeEntries } from '@/modules';

export const Route = createFileRoute('/padworktable/index')({
  staticData: { title: '工作台', index: 1, home: true },
  component: () => <PadWorktablePage entries={homeEntries} />,
});
