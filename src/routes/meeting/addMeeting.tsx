import { createFileRoute } from '@tanstack/react-router';
import { optionalDay, optionalUuid } from '@/lib/search-params';
import { AddMeetingScreen } from '@/features/pad/components/add-meeting-screen';

export const Route = createFileRoute('/meeting/addMeeting')({
  staticData: { title: '预订会议', index: 3 },
  validateSearch: (
    search: Record<string, unknown>,
  ): { id?: string; roomId?: string; date?: string; rebook?: string } => ({
    id: optionalUuid(search.id),
    roomId: optionalUuid(search.roomId),
    date: optionalDay(search.date),
    // the key of a booking (with an id, a change) refused on replay, whose form opens again filled
    rebook: optionalUuid(search.rebook),
  }),
  component: AddMeeting,
});

function AddMeeting() {
  const { id, roomId, date, rebook } = Route.useSearch();
  return (
    <AddMeetingScreen key={`${id ?? 'new'}:${rebook ?? ''}`} id={id} roomId={roomId} date={date} rebook={rebook} />
  );
}
