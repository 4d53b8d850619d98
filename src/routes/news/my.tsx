import { createFileRoute } from '@tanstack/react-router';
import { NEWS_STATUSES, type NewsStatus } from '@contract/news';
import { NewsListScreen } from '@/features/pad/components/news-list-screen';
// loaders load with the page's chunk, not with the first-load bundle every route pays for
const loaders = () => import('@/features/news/api/loaders');

const isStatus = (value: unknown): value is NewsStatus => (NEWS_STATUSES as readonly unknown[]).includes(value);

export const Route = createFileRoute('/news/my')({
  staticData: { title: '我的资讯', index: 2 },
  validateSearch: (search: Record<string, unknown>): { status?: NewsStatus } => ({
    status: isStatus(search.status) ? search.status : undefined,
  }),
  loaderDeps: ({ search }): { status: NewsStatus | '' } => ({ status: search.status ?? '' }),
  loader: ({ context, deps }) => loaders().then((m) => m.loadMyNews(context.queryClient, deps.status)),
  component: My,
});

function My() {
  const { status } = Route.useSearch();
  return <NewsListScreen list={{ kind: 'mine', status: status ?? '' }} />;
}
