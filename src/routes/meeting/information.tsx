import { createFileRoute } from '@tanstack/react-router';
import { requiredUuid } from '@/lib/search-params';
import { MaterialsPage } from '@/features/meeting/components/materials-page';

export const Route = createFileRoute('/meeting/information')({
  staticData: { title: '会议材料', index: 3 },
  validateSearch: (search: Record<string, unknown>) => ({ id: requiredUuid(search.id, 'id') }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, deps }) =>
    (await import('@/features/meeting/api/loaders')).loadMeeting(context.queryClient, deps.id),
  component: Materials,
});

function Materials() {
  const { id } = Route.useSearch();
  return <MaterialsPage id={id} />;
}
