import { createFileRoute } from '@tanstack/react-router';
import { ReviewListPage } from '@/features/news/components/list-pages';
import { loadReviews } from '@/features/news/api/loaders';

export const Route = createFileRoute('/news/wait')({
  staticData: { title: '资讯审核', index: 2 },
  loader: ({ context }) => loadReviews(context.queryClient),
  component: ReviewListPage,
});
