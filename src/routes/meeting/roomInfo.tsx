import { createFileRoute } from '@tanstack/react-router';
import { optionalDay, requiredUuid } from '@/lib/search-params';
import { RoomInfoPage } from '@/features/meeting/components/room-info-page';

export const Route = createFileRoute('/meeting/roomInfo')({
  staticData: { title: '会议室详情', index: 3 },
  validateSearch: (search: Record<string, unknown>): { id: string; date?: string } => ({
    id: requiredUuid(search.id, 'id'),
    date: optionalDay(search.date),
  }),
  loaderDeps: ({ search }) => ({ id: search.id, date: search.date }),
  loader: async ({ context, deps }) =>
    (await import('@/features/meeting/api/loaders')).loadRoom(context.queryClient, deps.id, deps.date),
  component: RoomInfo,
});

function RoomInfo() {
  const { id, date } = Route.useSearch();
  return <RoomInfoPage id={id} date={date} />;
}
