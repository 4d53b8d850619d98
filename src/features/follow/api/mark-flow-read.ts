import { useMutation } from '@tanstack/react-query';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue } from '@/offline/outbox';
import { afterFlowWrite } from './flow-keys';

/**
 * Opening a 待阅 marks it read; offline the mark is queued and reaches the server later, once. The user did not ask
 * for it, so it shows nothing: a refused mark (already read elsewhere) only refreshes the lists.
 */
export function useMarkFlowRead() {
  return useMutation({
    mutationFn: ({ readId, instanceId, title }: { readId: string; instanceId: string; title: string }) =>
      sendOrQueue({
        method: 'POST',
        url: `/api/flow/reads/${encodeURIComponent(readId)}/read`,
        idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
        label: `标记已阅「${title}」`,
        invalidate: afterFlowWrite(instanceId),
      }),
  });
}
