import { createFileRoute } from '@tanstack/react-router';
import { optionalIdSearch } from '@/features/addressbook/addressbook-search';
import { GroupUserPage } from '@/features/addressbook/components/group-user-page';

export const Route = createFileRoute('/addressbook/groupUser')({
  staticData: { title: '群组成员', index: 3 },
  validateSearch: optionalIdSearch,
  component: GroupUser,
});

function GroupUser() {
  const { id } = Route.useSearch();
  return <GroupUserPage key={id ?? 'new'} id={id} />;
}
