import type { ModuleManifest } from '../manifest';
import { newsAttachmentOwner } from './attachment-owner';
import { newsCounts } from './list-service';
import { newsRoutes } from './routes';

/** 资讯 (module code news): the home badge counts unread recent articles plus, for reviewers, articles to review. */
export const newsModule: ModuleManifest = {
  name: 'news',
  routes: newsRoutes,
  badges: {
    news: async (db, user) => {
      const counts = await newsCounts(db, user);
      return counts.unread + counts.toReview;
    },
  },
  liveEvents: 'news',
  attachmentOwners: { newsArticle: newsAttachmentOwner },
};
