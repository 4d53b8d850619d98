import type { ModuleManifest } from '../manifest';
import { messageRoutes } from './routes';
import { unreadMessagesCount } from './unread-count';

/** Messages: send, the in-app inbox and its unread badge; GET /api/message/badges collects every module's badge. */
export const messageModule: ModuleManifest = {
  name: 'message',
  routes: messageRoutes,
  badges: { message: (db, user) => unreadMessagesCount(db, user.id) },
};
