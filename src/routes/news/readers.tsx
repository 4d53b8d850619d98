import { createFileRoute } from '@tanstack/react-router';
import { requiredUuid } from '@/lib/search-params';
import { ReadersPage } from '@/features/news/components/readers-page';
// loaders load with the page's chunk, not with the first-load bundle every route pays for
const loaders = () => import('@/features/news/api/loaders');

export const Route = createFileRoute('/news/readers')({
  staticData: { title: '阅读情况', index: 4 },
  validateSearch: (search: Record<string, unknown>): { id: string; unread?: true } => ({
    id: requiredUuid(search.id, 'id'),
    ...(search.unread === true || search.unread === 'true' ? { unread: true as const } : {}),
  }),
  loaderDeps: ({ search }) => ({ id: search.id, read: !search.unread }),
  loader: ({ context, deps }) => loaders().then((m) => m.loadReaders(context.queryClient, deps.id, deps.read)),
  component: Readers,
});

function Readers() {
  const { id, unread } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReadersPage
      key={id}
      articleId={id}
      read={!unread}
      onRead={(read) => void navigate({ search: { id, ...(read ? {} : { unread: true as const }) }, replace: true })}
    />
  );
}
