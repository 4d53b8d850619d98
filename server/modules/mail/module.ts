import type { ModuleManifest } from '../manifest';
import { mailAttachmentOwner } from './attachment-owner';
import { folderTotalColumn } from './counters';
import { mailRoutes } from './routes';

/** 邮件 (module code mail): internal mail between staff; the home badge counts unread inbox mail. */
export const mailModule: ModuleManifest = {
  name: 'mail',
  routes: mailRoutes,
  badges: { mail: (_db, user) => folderTotalColumn(user.id, 'unread') },
  liveEvents: 'mail',
  attachmentOwners: { mailMessage: mailAttachmentOwner },
};
