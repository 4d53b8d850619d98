import type { NewsLiveEvent } from '@contract/live-events';
import { messageKeys } from '@/api/message';
import type { ModuleManifest } from '@/lib/module-manifest';
import { newsKeys } from './api/news-keys';

/** 资讯: the home tile with its badge (unread + to review), offline reading of everything opened, live counts. */
export const newsModule: ModuleManifest = {
  key: 'news',
  title: '资讯',
  home: {
    key: 'news',
    title: '资讯',
    to: '/news/Headlines',
    badge: 'news',
    color: '#b45309',
    icon: 'M4 5h13v14H6a2 2 0 0 1-2-2zM17 9h3v8a2 2 0 0 1-2 2M7 9h7M7 13h7M7 16h4',
    order: 20,
  },
  persistedRoots: ['news'], // = newsKeys.all[0]
  live: [
    {
      event: 'news',
      handle: (event: NewsLiveEvent, queryClient, refetch) => {
        queryClient.setQueryData(newsKeys.counts, { unread: event.unread, toReview: event.toReview });
        if (!refetch) return;
        void queryClient.invalidateQueries({ queryKey: messageKeys.badges });
        void queryClient.invalidateQueries({ queryKey: newsKeys.lists });
        void queryClient.invalidateQueries({ queryKey: newsKeys.headlines });
      },
    },
  ],
};
