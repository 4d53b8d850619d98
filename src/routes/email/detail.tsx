import { createFileRoute } from '@tanstack/react-router';
import { MailDetailPage } from '@/features/mail/components/mail-detail-page';
import { validateMailDetailSearch } from '@/features/mail/search';

// no loader: the page reads the mail (cached for offline once opened); a loader would weigh on the first load
export const Route = createFileRoute('/email/detail')({
  staticData: { title: '邮件详情', index: 2 },
  validateSearch: validateMailDetailSearch,
  component: MailDetail,
});

function MailDetail() {
  const { id } = Route.useSearch();
  return <MailDetailPage key={id} id={id} />;
}
