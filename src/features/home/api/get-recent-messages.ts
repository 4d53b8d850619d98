import { queryOptions } from '@tanstack/react-query';
import type { InboxMessage } from '@contract/message';
import type { Page } from '@contract/envelope';
import { get } from '@/api/http';
import { messageKeys } from '@/api/message';

/** The newest in-app messages for the home page (the `app` reminder channel's inbox). */
export const recentMessagesQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.inboxPage({ pageNum: 1, pageSize: 5 }),
    queryFn: () => get<Page<InboxMessage>>('/api/message/inbox', { pageNum: 1, pageSize: 5 }, { noLoading: true }),
  });
