import type { MailLiveEvent } from '@contract/live-events';
import { messageKeys } from '@/api/message';
import type { ModuleManifest } from '@/lib/module-manifest';
import { mailKeys } from './api/mail-keys';

/** 邮件: internal mail; the home tile counts unread inbox mail, live events keep folders and counts current. */
export const mailModule: ModuleManifest = {
  key: 'mail',
  title: '邮件',
  home: {
    key: 'mail',
    title: '邮件',
    to: '/email/inbox',
    badge: 'mail',
    color: '#0e7a2f',
    icon: 'M3 6h18v12H3zM3 7l9 6 9-6',
    order: 30,
  },
  persistedRoots: ['mail'], // = mailKeys.all[0]
  live: [
    {
      event: 'mail',
      handle: (event: MailLiveEvent, queryClient, refetch) => {
        queryClient.setQueryData(mailKeys.counts, {
          unread: event.unread,
          drafts: event.drafts,
          starred: event.starred,
        });
        if (!refetch) return;
        void queryClient.invalidateQueries({ queryKey: messageKeys.badges });
        // the lists and any opened mail (read receipts) refetch
        void queryClient.invalidateQueries({ queryKey: mailKeys.all });
      },
    },
  ],
};
