import { createFileRoute } from '@tanstack/react-router';
import { NewsListScreen } from '@/features/pad/components/news-list-screen';
// loaders load with the page's chunk, not with the first-load bundle every route pays for
const loaders = () => import('@/features/news/api/loaders');

export const Route = createFileRoute('/news/Headlines')({
  staticData: { title: '资讯', index: 1 },
  loader: ({ context }) => loaders().then((m) => m.loadHeadlines(context.queryClient)),
  component: Headlines,
});

// a tablet opens the article beside the list (the address's id)
function Headlines() {
  return <NewsListScreen list={{ kind: 'latest' }} />;
}
