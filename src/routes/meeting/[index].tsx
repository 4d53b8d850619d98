import { createFileRoute } from '@tanstack/react-router';
import { MeetingListScreen } from '@/features/pad/components/meeting-list-screen';

export const Route = createFileRoute('/meeting/index')({
  staticData: { title: '会议', index: 1 },
  loader: async ({ context }) =>
    (await import('@/features/meeting/api/loaders')).loadMeetingList(context.queryClient, 'invitations'),
  // a tablet shows the list (?list=) beside the meeting opened from it (?id=)
  component: MeetingListScreen,
});
