import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Badges, MessageSource } from '@contract/message';
import { messageKeys } from '@/api/message';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';
import { patchInboxCache } from './patch-inbox-cache';

/**
 * 标为已读 in 消息中心 (a tap or a swipe): shown read at once in every cached list, 消息中心's and the home's, and the
 * unread count one less; sent now or kept in the outbox offline. The home's own tap (mark-message-read.ts) stays
 * smaller, for the first load.
 */
export async function markInboxMessageRead(queryClient: QueryClient, id: string): Promise<void> {
  patchInboxCache(queryClient, (m) => (m.id === id ? { ...m, read: true } : m));
  queryClient.setQueryData<Badges>(messageKeys.badges, (b) => (b?.message ? { ...b, message: b.message - 1 } : b));
  try {
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

/**
 * 全部已读 (every unread message, or one module's): shown read at once, sent now or kept in the outbox offline and
 * replayed later; the server's answer (or the replay) refreshes the lists and the badges.
 */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source?: MessageSource) => {
      patchInboxCache(queryClient, (m) => (!source || m.source === source ? { ...m, read: true } : m));
      if (!source) queryClient.setQueryData<Badges>(messageKeys.badges, (b) => (b ? { ...b, message: 0 } : b));
      return sendOrQueue({
        method: 'POST',
        url: '/api/message/read-all',
        body: source ? { source } : {},
        idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
        label: '全部已读',
        invalidate: [[...messageKeys.all]],
      });
    },
    ...writeFeedback('已全部标为已读'),
    onError: (error: unknown) => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      writeFeedback('').onError(error);
    },
  });
}
