import type { ModuleManifest } from '../manifest';
import { mailAttachmentOwner } from './attachment-owner';
import { unreadCount } from './counters';
import { mailRoutes } from './routes';

/** 邮件 (module code mail): internal mail between staff; the home badge counts unread inbox mail. */
export const mailModule: ModuleManifest = {
  name: 'mail',
  routes: mailRoutes,
  badges: { mail: (db, user) => unreadCount(db, user.id) },
  liveEvents: 'mail',
  attachmentOwners: { mailMessage: mailAttachmentOwner },
};
