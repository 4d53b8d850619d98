import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { InboxMessage } from '@contract/message';
import type { Page } from '@contract/envelope';
import { messageKeys } from '@/api/message';

type CachedInbox = Page<InboxMessage> | InfiniteData<Page<InboxMessage>> | undefined;

const patchPage = (page: Page<InboxMessage>, change: (m: InboxMessage) => InboxMessage) =>
  Array.isArray(page.rows) ? { ...page, rows: page.rows.map(change) } : page;

/**
 * Changes the cached inbox messages at once, on the home's five (a page) and in 消息中心's lists (pages of an infinite
 * list) alike, so a mark read shows before the server answers and while it waits in the outbox offline.
 */
export function patchInboxCache(queryClient: QueryClient, change: (m: InboxMessage) => InboxMessage): void {
  queryClient.setQueriesData<CachedInbox>({ queryKey: messageKeys.inbox }, (cached) => {
    if (!cached) return cached;
    if ('pages' in cached && Array.isArray(cached.pages))
      return { ...cached, pages: cached.pages.map((page) => patchPage(page, change)) };
    return patchPage(cached as Page<InboxMessage>, change);
  });
}
