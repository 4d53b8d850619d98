import type { Page, PageQuery } from '@contract/envelope';
import type { InboxMessage } from '@contract/message';
import { get } from '@/api/http';

/** One page of the caller's in-app messages. */
export function getInboxPage(query: PageQuery) {
  return get<Page<InboxMessage>>('/api/message/inbox', query, { noLoading: true });
}
