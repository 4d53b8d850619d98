import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

export const Route = createFileRoute('/padworktable')({
  staticData: { title: '工作台', index: 1, home: true },
  // the four tablet sections draw the same box: one lazy chunk for it, not a split copy (and CSS file) per route, each
  // an entry in the chunk maps every first load carries
  codeSplitGroupings: [],
  component: lazyRouteComponent(() => import('@/features/pad/components/pad-layout'), 'PadSection'),
});
