import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AddSignerBody,
  ApproveBody,
  DelegateBody,
  ReplyBody,
  ReturnBody,
  TransferBody,
  rejectBody,
} from '@contract/flow-schemas';
import type { z } from 'zod';
import { post } from '@/api/http';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue, type SendOrQueueResult } from '@/offline/outbox';
import { showWriteError, showWriteSuccess } from '@/ui/write-feedback';
import { DEAL_LABEL, type DealAction } from '../deal-actions';
import { afterFlowWrite } from './flow-keys';
import { applyQueuedDeal } from './queued-deal-cache';

type Bodies = {
  approve: ApproveBody;
  reject: z.input<typeof rejectBody>;
  return: ReturnBody;
  transfer: TransferBody;
  'add-signer': AddSignerBody;
  delegate: DelegateBody;
  reply: ReplyBody;
};

/** What every 办理 call needs besides its body: the task, its flow (for invalidation) and the flow's title (outbox label). */
export interface DealVars<A extends DealAction> {
  taskId: string;
  instanceId: string;
  title: string;
  body: Bodies[A];
  /** the text of the success toast (同意成功, 重新提交成功, …) */
  successText: string;
}

/** The actions staff take on the move (同意/驳回/退回) go through the offline outbox; the rest need the network. */
const QUEUEABLE: ReadonlySet<DealAction> = new Set(['approve', 'reject', 'return']);

export const invalidateAll = (queryClient: QueryClient, keys: unknown[][]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

async function actOnTask<A extends DealAction>(
  action: A,
  vars: DealVars<A>,
  queryClient: QueryClient,
): Promise<SendOrQueueResult<unknown>> {
  const url = `/api/flow/tasks/${encodeURIComponent(vars.taskId)}/${action}`;
  const idempotencyKey = rememberOwnWrite(newIdempotencyKey());
  const invalidate = afterFlowWrite(vars.instanceId);
  if (QUEUEABLE.has(action)) {
    // sendOrQueue invalidates `invalidate` once the server has applied the write (now, or after a replay)
    return sendOrQueue({
      method: 'POST',
      url,
      body: vars.body,
      idempotencyKey,
      label: `${DEAL_LABEL[action]}「${vars.title}」`,
      invalidate,
    });
  }
  const data = await post(url, vars.body, { idempotencyKey, silent: true });
  await invalidateAll(queryClient, invalidate);
  return { queued: false, data };
}

function useDeal<A extends DealAction>(action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: DealVars<A>) => actOnTask(action, vars, queryClient),
    onSuccess: async (result, vars) => {
      // queued offline: the lists show the task as done now instead of waiting for the replay
      if (result.queued) await applyQueuedDeal(queryClient, vars.taskId);
      showWriteSuccess(result, vars.successText);
    },
    onError: showWriteError,
  });
}

export const useApprove = () => useDeal('approve');
export const useReject = () => useDeal('reject');
export const useReturn = () => useDeal('return');
export const useTransfer = () => useDeal('transfer');
export const useAddSigner = () => useDeal('add-signer');
export const useDelegate = () => useDeal('delegate');
export const useReply = () => useDeal('reply');
