import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartBody } from '@contract/flow-schemas';
import { post } from '@/api/http';
import { rememberOwnWrite } from '@/api/own-writes';
import { showWriteError, showWriteSuccess } from '@/ui/write-feedback';
import { afterFlowWrite } from './flow-keys';
import { invalidateAll } from './act-on-task';

/**
 * Starts (or saves as draft) a flow. Needs the server to validate the form, so it is not queued offline.
 * The caller keeps one key per filled-in form: a double tap or a retry after a lost answer starts the flow once.
 */
export function useStartFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: StartBody; idempotencyKey: string }) => {
      const started = await post<{ id: string; serial: string; status: string }>('/api/flow/instances', body, {
        idempotencyKey: rememberOwnWrite(idempotencyKey),
        silent: true,
      });
      await invalidateAll(queryClient, afterFlowWrite());
      return started;
    },
    onSuccess: (_started, { body }) => showWriteSuccess(undefined, body.draft ? '草稿已保存' : '提交成功'),
    onError: showWriteError,
  });
}
