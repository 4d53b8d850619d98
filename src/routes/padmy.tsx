import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { padMySearch } from '@/features/pad/api/pad-search';

export const Route = createFileRoute('/padmy')({
  staticData: { title: '我的', index: 1, home: true },
  validateSearch: padMySearch,
  // the four tablet sections draw the same box: one lazy chunk for it, not a split copy (and CSS file) per route, each
  // an entry in the chunk maps every first load carries
  codeSplitGroupings: [],
  component: lazyRouteComponent(() => import('@/features/pad/components/pad-layout'), 'PadSection'),
});
