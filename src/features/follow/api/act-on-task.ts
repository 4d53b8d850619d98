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
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue, type SendOrQueueResult } from '@/offline/outbox';
import { showWriteError, showWriteSuccess } from '@/ui/write-feedback';
import { DEAL_LABEL, type DealAction } from '../deal-actions';
import { afterFlowWrite } from './flow-keys';
import { applyQueuedDeal, applyQueuedWait } from './queued-deal-cache';

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
  /** the names of the people 转办, 委派 or 加签 name: the outbox bar says whom a queued write is for */
  peopleNames?: string[];
}

/** The outbox bar's words for a 办理: 同意「title」, 转办「title」给 张三, 加签「title」：张三、王五. */
export function dealEntryLabel(action: DealAction, title: string, peopleNames: string[] = []): string {
  const base = `${DEAL_LABEL[action]}「${title}」`;
  if (peopleNames.length === 0) return base;
  return action === 'add-signer' ? `${base}：${peopleNames.join('、')}` : `${base}给 ${peopleNames.join('、')}`;
}

export const invalidateAll = (queryClient: QueryClient, keys: unknown[][]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/**
 * Every 办理 goes through the offline outbox: staff act on the move, and 转办 or 加签 on a train is as common as 同意.
 * sendOrQueue invalidates the flow's keys once the server has applied the write (now, or after a replay).
 */
function actOnTask<A extends DealAction>(action: A, vars: DealVars<A>): Promise<SendOrQueueResult<unknown>> {
  return sendOrQueue({
    method: 'POST',
    url: `/api/flow/tasks/${encodeURIComponent(vars.taskId)}/${action}`,
    body: vars.body,
    idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
    label: dealEntryLabel(action, vars.title, vars.peopleNames),
    verb: DEAL_LABEL[action],
    // the 意见 typed: offered back if the request changed meanwhile and the server refuses the decision
    typedText: vars.body.opinion,
    invalidate: afterFlowWrite(vars.instanceId),
  });
}

/**
 * How a queued 办理 shows in the cached 待办 before it is sent, as the server will list it: 前加签 and 委派 keep the
 * task there, waiting on the people asked; every other action (后加签 included: the caller has approved) ends it.
 */
async function showQueued<A extends DealAction>(queryClient: QueryClient, action: A, vars: DealVars<A>) {
  const waits = action === 'delegate' || (action === 'add-signer' && (vars.body as AddSignerBody).kind !== 'after');
  if (waits) await applyQueuedWait(queryClient, vars.taskId);
  else await applyQueuedDeal(queryClient, vars.taskId);
}

function useDeal<A extends DealAction>(action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: DealVars<A>) => actOnTask(action, vars),
    onSuccess: async (result, vars) => {
      if (result.queued) await showQueued(queryClient, action, vars);
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
