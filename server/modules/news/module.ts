import type { ModuleManifest } from '../manifest';
import { newsAttachmentOwner } from './attachment-owner';
import { newsBadgeCount } from './badge-count';
import { newsRoutes } from './routes';

/** 资讯 (module code news): the home badge counts unread recent articles plus, for reviewers, articles to review. */
export const newsModule: ModuleManifest = {
  name: 'news',
  routes: newsRoutes,
  badges: {
    news: (db, user) => newsBadgeCount(db, user),
  },
  liveEvents: 'news',
  attachmentOwners: { newsArticle: newsAttachmentOwner },
};
