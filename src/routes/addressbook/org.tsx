import { createFileRoute } from '@tanstack/react-router';
import { addressBookSearch } from '@/features/addressbook/addressbook-search';
import { OrgPage } from '@/features/addressbook/components/org-page';

export const Route = createFileRoute('/addressbook/org')({
  staticData: { title: '组织架构', index: 2 },
  validateSearch: addressBookSearch,
  component: Org,
});

function Org() {
  const { trail } = Route.useSearch();
  return <OrgPage trail={trail} />;
}
