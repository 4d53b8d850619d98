import { createFileRoute } from '@tanstack/react-router';
import { requiredUuid } from '@/lib/search-params';
import { MeetingDetailPage } from '@/features/meeting/components/meeting-detail-page';

export const Route = createFileRoute('/meeting/info')({
  staticData: { title: '会议详情', index: 2 },
  validateSearch: (search: Record<string, unknown>) => ({ id: requiredUuid(search.id, 'id') }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, deps }) =>
    (await import('@/features/meeting/api/loaders')).loadMeeting(context.queryClient, deps.id),
  component: Info,
});

function Info() {
  const { id } = Route.useSearch();
  return <MeetingDetailPage key={id} id={id} />;
}
