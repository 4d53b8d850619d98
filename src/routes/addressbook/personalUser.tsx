import { createFileRoute } from '@tanstack/react-router';
import { optionalIdSearch } from '@/features/addressbook/addressbook-search';
import { PersonalUserPage } from '@/features/addressbook/components/personal-user-page';

export const Route = createFileRoute('/addressbook/personalUser')({
  staticData: { title: '联系人', index: 3 },
  validateSearch: optionalIdSearch,
  component: PersonalUser,
});

function PersonalUser() {
  const { id } = Route.useSearch();
  return <PersonalUserPage key={id ?? 'new'} id={id} />;
}
