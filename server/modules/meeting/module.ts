import type { ModuleManifest } from '../manifest';
import { meetingAttachmentOwner } from './attachment-owner';
import { invitationsToAnswerCount } from './invitation-count';
import { meetingRoutes } from './routes';

/** 会议 (module code meeting): rooms and their day's bookings so far; the home badge counts invitations to answer. */
export const meetingModule: ModuleManifest = {
  name: 'meeting',
  routes: meetingRoutes,
  badges: { meeting: (db, user) => invitationsToAnswerCount(db, user.id) },
  liveEvents: 'meeting',
  attachmentOwners: { meetingMaterials: meetingAttachmentOwner },
};
