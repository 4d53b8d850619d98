import { useMutation } from '@tanstack/react-query';
import { post } from '@/api/http';
import { newIdempotencyKey } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';

/** 催办: reminds the current handlers through the given channels. Changes no list, so it invalidates nothing. */
export function useUrge(instanceId: string) {
  return useMutation({
    mutationFn: (channels: string[]) =>
      post(`/api/flow/instances/${encodeURIComponent(instanceId)}/urge`, { channels, opinion: '' }, { idempotencyKey: newIdempotencyKey(), silent: true }),
    ...writeFeedback('已催办'),
  });
}
