import { createFileRoute } from '@tanstack/react-router';
import { PadContactsPage } from '@/features/pad/components/pad-contacts-page';

export const Route = createFileRoute('/padcontacts/')({
  staticData: { title: '通讯录', index: 1, home: true },
  component: PadContacts,
});

function PadContacts() {
  const search = Route.useSearch();
  return <PadContactsPage {...search} />;
}
