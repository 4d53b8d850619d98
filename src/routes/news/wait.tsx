import { createFileRoute } from '@tanstack/react-router';
import { NewsListScreen } from '@/features/pad/components/news-list-screen';
// loaders load with the page's chunk, not with the first-load bundle every route pays for
const loaders = () => import('@/features/news/api/loaders');

export const Route = createFileRoute('/news/wait')({
  staticData: { title: '资讯审核', index: 2 },
  loader: ({ context }) => loaders().then((m) => m.loadReviews(context.queryClient)),
  component: Wait,
});

// a tablet reviews the article beside the queue (the address's id)
function Wait() {
  return <NewsListScreen list={{ kind: 'review' }} />;
}
