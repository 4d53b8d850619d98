import { createFileRoute } from '@tanstack/react-router';
import { HeadlinesPage } from '@/features/news/components/headlines-page';
import { loadHeadlines } from '@/features/news/api/loaders';

export const Route = createFileRoute('/news/Headlines')({
  staticData: { title: '资讯', index: 1 },
  loader: ({ context }) => loadHeadlines(context.queryClient),
  component: HeadlinesPage,
});
