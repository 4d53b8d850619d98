import { createFileRoute } from '@tanstack/react-router';
import { PadSection } from '@/features/pad/components/pad-layout';
import { padMySearch } from '@/features/pad/api/pad-search';

export const Route = createFileRoute('/padmy')({
  staticData: { title: '我的', index: 1, home: true },
  validateSearch: padMySearch,
  component: () => <PadSection />,
});
