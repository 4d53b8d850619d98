import { createFileRoute } from '@tanstack/react-router';
import { optionalIdSearch } from '@/features/addressbook/addressbook-search';
import { loadPersonal } from '@/features/addressbook/api/loaders';
import { PersonalUserPage } from '@/features/addressbook/components/personal-user-page';

export const Route = createFileRoute('/addressbook/personalUser')({
  staticData: { title: '联系人', index: 3 },
  validateSearch: optionalIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => loadPersonal(context.queryClient, deps.id),
  component: PersonalUser,
});

function PersonalUser() {
  const { id } = Route.useSearch();
  return <PersonalUserPage key={id ?? 'new'} id={id} />;
}
