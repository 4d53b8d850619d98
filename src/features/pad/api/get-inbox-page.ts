import type { Page, PageQuery } from '@contract/envelope';
import type { InboxMessage } from '@contract/message';
import { get } from '@/api/http';

export const inboxQueryKey = ['message', 'inbox', 'list'] as const;

/** One page of the caller's in-app messages. */
export function getInboxPage(query: PageQuery) {
  return get<Page<InboxMessage>>('/api/message/inbox', query, { noLoading: true });
}
