import type { ModuleManifest } from '../manifest';
import { flowAttachmentOwner } from './attachment-owner';
import { flowRoutes } from './routes';
import { todoBadge } from './todo-badge';
import { offerAwayProxy } from './away-proxy-offer';
import { onInstanceFinished } from './finish-hooks';

// an approved 请假/出差 offers a stand-in for those days; registered here, not by importing the file for its side
// effect, which the server bundle drops (package.json's sideEffects names only CSS)
onInstanceFinished(offerAwayProxy);

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
