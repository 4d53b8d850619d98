import type { InboxMessage, MessageSource } from '@contract/message';
import type { Page } from '@contract/envelope';
import { get } from '@/api/http';
import { messageKeys } from '@/api/message';
import { pagedListQuery } from '@/components/list-view';

/** What 消息中心 shows: everything, only the unread, or one module's messages. */
export type InboxFilter = 'all' | 'unread' | MessageSource;

const filterParams = (filter: InboxFilter): Record<string, string> =>
  filter === 'all' ? {} : filter === 'unread' ? { unread: 'true' } : { source: filter };

/** 消息中心's list for a filter: pages of the in-app inbox, kept under the inbox key so marks read patch it too. */
export const inboxListQuery = (filter: InboxFilter) =>
  pagedListQuery<InboxMessage>(
    messageKeys.inboxList,
    (query) => get<Page<InboxMessage>>('/api/message/inbox', query, { noLoading: true }),
    filterParams(filter),
  );
