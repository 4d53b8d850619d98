import { createFileRoute } from '@tanstack/react-router';
import { optionalDay, optionalUuid } from '@/lib/search-params';
import { AddMeetingScreen } from '@/features/pad/components/add-meeting-screen';

export const Route = createFileRoute('/meeting/addMeeting')({
  staticData: { title: '预订会议', index: 3 },
  validateSearch: (search: Record<string, unknown>): { id?: string; roomId?: string; date?: string } => ({
    id: optionalUuid(search.id),
    roomId: optionalUuid(search.roomId),
    date: optionalDay(search.date),
  }),
  component: AddMeeting,
});

function AddMeeting() {
  const { id, roomId, date } = Route.useSearch();
  return <AddMeetingScreen key={id ?? 'new'} id={id} roomId={roomId} date={date} />;
}
