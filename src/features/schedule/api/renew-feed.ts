import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentScheduleFeed, ScheduleFeed } from '@contract/schedule';
import { post } from '@/api/http';
import { newIdempotencyKey } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';
import { scheduleKeys } from './schedule-keys';

/**
 * 生成 / 重新生成 the subscription address: sent at once, never queued, because the point is the new address on the
 * screen, and the old one stops working the moment the server answers.
 */
export function useRenewFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const feed = await post<ScheduleFeed>('/api/schedule/feed', undefined, {
        idempotencyKey: newIdempotencyKey(),
        silent: true,
      });
      queryClient.setQueryData<CurrentScheduleFeed>(scheduleKeys.feed, { url: feed.url });
      return feed;
    },
    ...writeFeedback('订阅地址已生成'),
  });
}
