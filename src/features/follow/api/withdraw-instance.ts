import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/http';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';
import { afterFlowWrite } from './flow-keys';
import { invalidateAll } from './act-on-task';

/** 撤回: the initiator takes a flow back while it is 审批中 (its definition may allow less); the server decides. */
export function useWithdraw(instanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const idempotencyKey = rememberOwnWrite(newIdempotencyKey());
      await post(`/api/flow/instances/${encodeURIComponent(instanceId)}/withdraw`, undefined, {
        idempotencyKey,
        silent: true,
      });
      await invalidateAll(queryClient, afterFlowWrite(instanceId));
    },
    ...writeFeedback('已撤回'),
  });
}
