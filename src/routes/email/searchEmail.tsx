import { createFileRoute } from '@tanstack/react-router';
import { SearchMailPage } from '@/features/mail/components/search-mail-page';

export const Route = createFileRoute('/email/searchEmail')({
  staticData: { title: '搜索邮件', index: 2 },
  component: SearchMailPage,
});
