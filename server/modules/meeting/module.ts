import type { ModuleManifest } from '../manifest';
import { meetingRoutes } from './routes';

/** 会议 (module code meeting): rooms and their day's bookings so far; the badge comes with the invitations. */
export const meetingModule: ModuleManifest = { name: 'meeting', routes: meetingRoutes };
