import { createFileRoute } from '@tanstack/react-router';
import { optionalDay } from '@/lib/search-params';
import { RoomPage } from '@/features/meeting/components/room-page';

export const Route = createFileRoute('/meeting/room')({
  staticData: { title: '会议室', index: 2 },
  validateSearch: (search: Record<string, unknown>): { date?: string } => ({ date: optionalDay(search.date) }),
  loaderDeps: ({ search }) => ({ date: search.date }),
  loader: async ({ context, deps }) =>
    (await import('@/features/meeting/api/loaders')).loadRoomDay(context.queryClient, deps.date),
  component: Rooms,
});

function Rooms() {
  const { date } = Route.useSearch();
  return <RoomPage date={date} />;
}
