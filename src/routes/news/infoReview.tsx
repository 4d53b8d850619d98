import { createFileRoute } from '@tanstack/react-router';
import { requiredUuid } from '@/lib/search-params';
import { ReviewPage } from '@/features/news/components/review-page';
// loaders load with the page's chunk, not with the first-load bundle every route pays for
const loaders = () => import('@/features/news/api/loaders');

export const Route = createFileRoute('/news/infoReview')({
  staticData: { title: '资讯审核', index: 4 },
  validateSearch: (search: Record<string, unknown>): { id: string } => ({ id: requiredUuid(search.id, 'id') }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => loaders().then((m) => m.loadArticle(context.queryClient, deps.id)),
  component: InfoReview,
});

function InfoReview() {
  const { id } = Route.useSearch();
  return <ReviewPage key={id} articleId={id} />;
}
