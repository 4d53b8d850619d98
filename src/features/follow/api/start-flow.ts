import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartBody } from '@contract/flow-schemas';
import { post } from '@/api/http';
import { rememberOwnWrite } from '@/api/own-writes';
import { sendOrQueue, type SendOrQueueResult } from '@/offline/outbox';
import { showWriteError, showWriteSuccess } from '@/ui/write-feedback';
import { afterFlowWrite } from './flow-keys';
import { invalidateAll } from './act-on-task';

export type Started = { id: string; serial: string; status: string };

export interface StartVars {
  body: StartBody;
  /** one key per filled-in form: a double tap, a retry after a lost answer or a replay starts the flow once */
  idempotencyKey: string;
  /** the flow's name, for the outbox bar: 发起「请假」 */
  flowName: string;
  /** the form's values in words, offered back if the server refuses the queued submit */
  typedText?: string;
}

/** The outbox bar's words for a queued 提交. */
export const startEntryLabel = (flowName: string) => `发起「${flowName}」`;

/**
 * Starts (or saves as draft) a flow. 提交 goes through the offline outbox: the definition and its form are synced
 * ahead, so a request filled in on the move waits for the network, checked again by the server when it is sent. A
 * draft saved by hand is sent now (offline its input stays on the form and the leave guard asks to keep it).
 */
export function useStartFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      idempotencyKey,
      flowName,
      typedText,
    }: StartVars): Promise<SendOrQueueResult<Started>> => {
      if (body.draft) {
        const saved = await post<Started>('/api/flow/instances', body, {
          idempotencyKey: rememberOwnWrite(idempotencyKey),
          silent: true,
        });
        await invalidateAll(queryClient, afterFlowWrite());
        return { queued: false, data: saved };
      }
      return sendOrQueue<Started>({
        method: 'POST',
        url: '/api/flow/instances',
        body,
        idempotencyKey: rememberOwnWrite(idempotencyKey),
        label: startEntryLabel(flowName),
        verb: '发起',
        ...(typedText ? { typedText } : {}),
        invalidate: afterFlowWrite(),
      });
    },
    onSuccess: (result, { body }) => showWriteSuccess(result, body.draft ? '草稿已保存' : '提交成功'),
    onError: showWriteError,
  });
}
