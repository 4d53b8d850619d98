import { useMutation } from '@tanstack/react-query';
import { post } from '@/api/http';
import { newIdempotencyKey } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';

/** POST /api/flow/instances/:id/urge answer: the reminder it recorded (its delivery report is the sender's to read). */
export interface UrgeResult {
  instanceId: string;
  messageId: string;
  notified: string[];
}

/**
 * 催办: reminds the current handlers through the given channels, one after another as each goes unseen, or all at once
 * when asked (allAtOnce). Changes no list, so it invalidates nothing.
 */
export function useUrge(instanceId: string) {
  return useMutation({
    mutationFn: ({ channels, allAtOnce }: { channels: string[]; allAtOnce?: boolean }) =>
      post<UrgeResult>(
        `/api/flow/instances/${encodeURIComponent(instanceId)}/urge`,
        { channels, opinion: '', ...(allAtOnce ? { allAtOnce: true } : {}) },
        { idempotencyKey: newIdempotencyKey(), silent: true },
      ),
    ...writeFeedback('已催办'),
  });
}
