import { FLOW_EVENT_KINDS } from '@contract/live-events';
import type { ModuleManifest } from '../manifest';
import { flowAttachmentOwner } from './attachment-owner';
import { flowCounts } from './list-service';
import { flowRoutes } from './routes';

/** 审批 (module code flow): routes, the home badge (待办 + 待阅) and its live events. The example of a module. */
export const flowModule: ModuleManifest = {
  name: 'flow',
  routes: flowRoutes,
  badges: {
    flow: async (db, user) => {
      const counts = await flowCounts(db, user.id);
      return counts.todo + counts.unread;
    },
  },
  liveEvents: { module: 'flow', kinds: FLOW_EVENT_KINDS },
  attachmentOwners: { flowInstance: flowAttachmentOwner },
};
