import type { Page, PageQuery } from '@contract/envelope';
import type { InboxMessage } from '@contract/message';
import { get } from '@/api/http';
import { messageKeys } from '@/api/message';
import { pagedListQuery } from '@/components/list-view';

/** One page of the caller's in-app messages. */
function getInboxPage(query: PageQuery) {
  return get<Page<InboxMessage>>('/api/message/inbox', query, { noLoading: true });
}

/** The tablet inbox list's infiniteQueryOptions, handed to ListView. */
export const inboxListQuery = pagedListQuery(messageKeys.inboxList, getInboxPage);
