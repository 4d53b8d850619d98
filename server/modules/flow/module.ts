import type { ModuleManifest } from '../manifest';
import { flowAttachmentOwner } from './attachment-owner';
import { flowRoutes } from './routes';
import { todoBadge } from './todo-badge';
// registers its finish handler: an approved 请假/出差 offers a stand-in for those days
import './away-proxy-offer';

/** 审批 (module code flow): routes, the home badge (待办 to act on; 待阅 has its own count on the hub) and its live events. The example of a module. */
export const flowModule: ModuleManifest = {
  name: 'flow',
  routes: flowRoutes,
  badges: {
    flow: (_db, user) => todoBadge(user.id),
  },
  liveEvents: 'flow',
  attachmentOwners: { flowInstance: flowAttachmentOwner },
};
