import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { padContactsSearch } from '@/features/pad/api/pad-search';

export const Route = createFileRoute('/padcontacts')({
  staticData: { title: '通讯录', index: 1, home: true },
  validateSearch: padContactsSearch,
  // the four tablet sections draw the same box: one lazy chunk for it, not a split copy (and CSS file) per route, each
  // an entry in the chunk maps every first load carries
  codeSplitGroupings: [],
  component: lazyRouteComponent(() => import('@/features/pad/components/pad-layout'), 'PadSection'),
});
