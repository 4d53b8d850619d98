import { createFileRoute } from '@tanstack/react-router';
import { PadSection } from '@/features/pad/components/pad-layout';
import { padContactsSearch } from '@/features/pad/api/pad-search';

export const Route = createFileRoute('/padcontacts')({
  staticData: { title: '通讯录', index: 1, home: true },
  validateSearch: padContactsSearch,
  component: () => <PadSection />,
});
