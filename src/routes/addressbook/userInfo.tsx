import { createFileRoute } from '@tanstack/react-router';
import { userInfoSearch } from '@/features/addressbook/addressbook-search';
import { UserCardPage } from '@/features/addressbook/components/user-card-page';

export const Route = createFileRoute('/addressbook/userInfo')({
  staticData: { title: '个人名片', index: 3 },
  validateSearch: userInfoSearch,
  component: UserInfo,
});

function UserInfo() {
  const { userId, org } = Route.useSearch();
  return <UserCardPage userId={userId} org={org} />;
}
