import type { ModuleManifest } from '../manifest';
import { flowAttachmentOwner } from './attachment-owner';
import { flowCounts } from './list-service';
import { flowRoutes } from './routes';

/** 审批 (module code flow): routes, the home badge (待办 to act on; 待阅 has its own count on the hub) and its live events. The example of a module. */
export const flowModule: ModuleManifest = {
  name: 'flow',
  routes: flowRoutes,
  badges: {
    // the same statement as GET /api/flow/counts, so the tile and the hub's 待办 never disagree
    flow: async (db, user) => (await flowCounts(db, user.id)).todo,
  },
  liveEvents: 'flow',
  attachmentOwners: { flowInstance: flowAttachmentOwner },
};
