import { createFileRoute } from '@tanstack/react-router';
import { optionalUuid } from '@/lib/search-params';
import { AddNewsPage } from '@/features/news/components/add-news-page';
// loaders load with the page's chunk, not with the first-load bundle every route pays for
const loaders = () => import('@/features/news/api/loaders');

export const Route = createFileRoute('/news/addNews')({
  staticData: { title: '发布资讯', index: 3 },
  validateSearch: (search: Record<string, unknown>): { id?: string; channelId?: string } => ({
    id: optionalUuid(search.id),
    channelId: optionalUuid(search.channelId),
  }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps: { id } }) =>
    loaders().then((m) =>
      Promise.all([m.loadChannels(context.queryClient), id ? m.loadArticle(context.queryClient, id) : undefined]),
    ),
  component: AddNews,
});

function AddNews() {
  const { id, channelId } = Route.useSearch();
  return <AddNewsPage key={id ?? 'new'} articleId={id} channelId={channelId} />;
}
