import type { ModuleManifest } from '@/lib/module-manifest';
import { meetingKeys } from './api/meeting-keys';

/** 会议: my meetings, rooms, booking and QR sign-in; the badge counts invitations still to answer. */
export const meetingModule: ModuleManifest = {
  key: 'meeting',
  title: '会议',
  home: { key: 'meeting', title: '会议', to: '/meeting/index', badge: 'meeting', color: '#722ed1', icon: 'M4 5h16v10H4zM9 19h6M12 15v4M8 9h8', order: 40 },
  persistedRoots: [meetingKeys.all[0]],
};
