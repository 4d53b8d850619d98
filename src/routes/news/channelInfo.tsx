import { createFileRoute } from '@tanstack/react-router';
import { requiredUuid } from '@/lib/search-params';
import { ChannelInfoPage } from '@/features/news/components/channel-info-page';
// loaders load with the page's chunk, not with the first-load bundle every route pays for
const loaders = () => import('@/features/news/api/loaders');

export const Route = createFileRoute('/news/channelInfo')({
  staticData: { title: '栏目介绍', index: 3 },
  validateSearch: (search: Record<string, unknown>): { id: string } => ({ id: requiredUuid(search.id, 'id') }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => loaders().then((m) => m.loadChannelInfo(context.queryClient, deps.id)),
  component: ChannelInfo,
});

function ChannelInfo() {
  const { id } = Route.useSearch();
  return <ChannelInfoPage key={id} channelId={id} />;
}
