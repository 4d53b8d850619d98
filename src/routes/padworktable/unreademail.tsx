import { createFileRoute } from '@tanstack/react-router';
import { PadMailPage } from '@/features/pad/components/pad-mail-page';
import { padMailSearch } from '@/features/pad/api/pad-search';

export const Route = createFileRoute('/padworktable/unreademail')({
  staticData: { title: '未读邮件', index: 1, home: true },
  validateSearch: padMailSearch,
  component: UnreadMail,
});

function UnreadMail() {
  const { id } = Route.useSearch();
  return <PadMailPage id={id} />;
}
