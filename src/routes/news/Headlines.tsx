import { createFileRoute } from '@tanstack/react-router';
import { HeadlinesPage } from '@/features/news/components/headlines-page';
// loaders load with the page's chunk, not with the first-load bundle every route pays for
const loaders = () => import('@/features/news/api/loaders');

export const Route = createFileRoute('/news/Headlines')({
  staticData: { title: '资讯', index: 1 },
  loader: ({ context }) => loaders().then((m) => m.loadHeadlines(context.queryClient)),
  component: HeadlinesPage,
});
