import type { MeetingLiveEvent } from '@contract/live-events';
import { messageKeys } from '@/api/message';
import type { ModuleManifest } from '@/lib/module-manifest';

// = meetingKeys.all[0], kept literal so the entry chunk carries no key factory
const meetingModuleRoot = 'meeting';

/** 会议: my meetings, rooms, booking and QR sign-in; the badge counts invitations still to answer, live events keep it current. */
export const meetingModule: ModuleManifest = {
  key: 'meeting',
  title: '会议',
  home: {
    key: 'meeting',
    title: '会议',
    to: '/meeting/index',
    badge: 'meeting',
    color: '#722ed1',
    icon: 'M4 5h16v10H4zM9 19h6M12 15v4M8 9h8',
    order: 40,
  },
  persistedRoots: [meetingModuleRoot],
  live: [
    {
      event: 'meeting',
      handle: (_event: MeetingLiveEvent, queryClient, refetch) => {
        if (!refetch) return;
        // an invitation arrived or was answered, a booking approved, a meeting moved or cancelled, someone signed in
        void queryClient.invalidateQueries({ queryKey: messageKeys.badges });
        void queryClient.invalidateQueries({ queryKey: [meetingModuleRoot] });
      },
    },
  ],
};
