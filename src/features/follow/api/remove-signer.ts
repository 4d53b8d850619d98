import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/http';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';
import { afterFlowWrite } from './flow-keys';
import { invalidateAll } from './act-on-task';

/** 移除加签: the one who added a co-signer takes them off before they act. Needs the network (the server decides). */
export function useRemoveSigner(instanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (coTaskId: string) => {
      const idempotencyKey = rememberOwnWrite(newIdempotencyKey());
      await post(`/api/flow/tasks/${encodeURIComponent(coTaskId)}/remove-signer`, undefined, {
        idempotencyKey,
        silent: true,
      });
      await invalidateAll(queryClient, afterFlowWrite(instanceId));
    },
    ...writeFeedback('已移除加签人员'),
  });
}
