import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstanceDetail } from '@contract/flow';
import type { StartBody } from '@contract/flow-schemas';
import { post } from '@/api/http';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey } from '@/offline/outbox';
import { afterFlowWrite, flowKeys } from './flow-keys';
import { invalidateAll } from './act-on-task';

/**
 * Keeps a 发起申请 form as its draft while the person types (or leaves): quiet, and a new key per save, since each
 * save carries newer input than the one before.
 */
export function useSaveStartDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StartBody) => {
      const saved = await post<{ id: string }>(
        '/api/flow/instances',
        { ...body, draft: true },
        { idempotencyKey: rememberOwnWrite(newIdempotencyKey()), silent: true, noLoading: true },
      );
      // the form opens again from the cached draft (also offline): it must hold what was just saved
      queryClient.setQueryData<InstanceDetail>(flowKeys.instance(saved.id), (old) =>
        old ? { ...old, formData: body.formData } : old,
      );
      await invalidateAll(queryClient, afterFlowWrite());
      return saved;
    },
  });
}
