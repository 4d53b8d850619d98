import type { QueryClient } from '@tanstack/react-query';
import type { InboxMessage } from '@contract/message';
import type { Page } from '@contract/envelope';
import { messageKeys } from '@/api/message';

/**
 * Marks a message read at once on screen and sends it through the outbox: offline (or on a lost answer) it is
 * queued with its Idempotency-Key and replayed when the network returns. The outbox's sending code is fetched on the
 * first tap, not with the home page.
 */
export async function markMessageRead(queryClient: QueryClient, id: string): Promise<void> {
  queryClient.setQueriesData<Page<InboxMessage>>({ queryKey: messageKeys.inbox }, (page) =>
    page && Array.isArray(page.rows)
      ? { ...page, rows: page.rows.map((m) => (m.id === id ? { ...m, read: true } : m)) }
      : page,
  );
  try {
    const { sendOrQueue } = await import('@/offline/outbox');
    await sendOrQueue({
      method: 'POST',
      url: `/api/message/${id}/read`,
      label: '标记已读',
      invalidate: [[...messageKeys.all]],
    });
  } catch {
    // refused (e.g. the message is gone): show the server's truth again
    await queryClient.invalidateQueries({ queryKey: messageKeys.all });
  }
}
