import { createFileRoute } from '@tanstack/react-router';
import { requiredUuid } from '@/lib/search-params';
import { MeetingDetailPage } from '@/features/meeting/components/meeting-detail-page';
import { loadMeeting } from '@/features/meeting/api/loaders';

export const Route = createFileRoute('/meeting/info')({
  staticData: { title: '会议详情', index: 2 },
  validateSearch: (search: Record<string, unknown>) => ({ id: requiredUuid(search.id, 'id') }),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => loadMeeting(context.queryClient, deps.id),
  component: Info,
});

function Info() {
  const { id } = Route.useSearch();
  return <MeetingDetailPage key={id} id={id} />;
}
