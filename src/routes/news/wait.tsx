import { createFileRoute } from '@tanstack/react-router';
import { ReviewListPage } from '@/features/news/components/list-pages';
// loaders load with the page's chunk, not with the first-load bundle every route pays for
const loaders = () => import('@/features/news/api/loaders');

export const Route = createFileRoute('/news/wait')({
  staticData: { title: '资讯审核', index: 2 },
  loader: ({ context }) => loaders().then((m) => m.loadReviews(context.queryClient)),
  component: ReviewListPage,
});
