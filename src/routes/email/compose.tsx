import { createFileRoute } from '@tanstack/react-router';
import { ComposePage } from '@/features/mail/components/compose-page';
import { validateComposeSearch } from '@/features/mail/search';

// no loader: the page reads the draft or the mail it answers itself (it is cached when opened from its detail)
export const Route = createFileRoute('/email/compose')({
  staticData: { title: '写邮件', index: 3 },
  validateSearch: validateComposeSearch,
  component: Compose,
});

function Compose() {
  const search = Route.useSearch();
  return <ComposePage key={`${search.draftId}-${search.replyTo}-${search.mode}`} search={search} />;
}
