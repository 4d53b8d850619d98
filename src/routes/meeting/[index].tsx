import { createFileRoute } from '@tanstack/react-router';
import { MeetingHomePage } from '@/features/meeting/components/meeting-home-page';
import { loadMeetingList } from '@/features/meeting/api/loaders';

export const Route = createFileRoute('/meeting/index')({
  staticData: { title: '会议', index: 1 },
  loader: ({ context }) => loadMeetingList(context.queryClient, 'invitations'),
  component: MeetingHomePage,
});
