import { createFileRoute } from '@tanstack/react-router';
import { MeetingHomePage } from '@/features/meeting/components/meeting-home-page';

export const Route = createFileRoute('/meeting/index')({
  staticData: { title: '会议', index: 1 },
  loader: async ({ context }) => (await import('@/features/meeting/api/loaders')).loadMeetingList(context.queryClient, 'invitations'),
  component: MeetingHomePage,
});
