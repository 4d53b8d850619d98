import { createFileRoute } from '@tanstack/react-router';
import { requiredUuid } from '@/lib/search-params';
import { DetailPage } from '@/features/news/components/detail-page';
// loaders load with the page's chunk, not with the first-load bundle every route pays for
const loaders = () => import('@/features/news/api/loaders');

export const Route = createFileRoute('/news/detail')({
  staticData: { title: '资讯详情', index: 3 },
  validateSearch: (search: Record<string, unknown>): { id: string } => ({ id: requiredUuid(search.id, 'id') }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => loaders().then((m) => m.loadArticle(context.queryClient, deps.id)),
  component: Detail,
});

function Detail() {
  const { id } = Route.useSearch();
  return <DetailPage key={id} articleId={id} />;
}
