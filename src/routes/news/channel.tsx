import { createFileRoute } from '@tanstack/react-router';
import { optionalUuid } from '@/lib/search-params';
import { ChannelPage } from '@/features/news/components/channel-page';
// loaders load with the page's chunk, not with the first-load bundle every route pays for
const loaders = () => import('@/features/news/api/loaders');

export const Route = createFileRoute('/news/channel')({
  staticData: { title: '资讯栏目', index: 2 },
  validateSearch: (search: Record<string, unknown>): { channelId?: string } => ({
    channelId: optionalUuid(search.channelId),
  }),
  loader: ({ context }) => loaders().then((m) => m.loadChannels(context.queryClient)),
  component: Channel,
});

function Channel() {
  const { channelId } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ChannelPage
      channelId={channelId}
      onChannel={(id) => void navigate({ search: { channelId: id }, replace: true })}
    />
  );
}
