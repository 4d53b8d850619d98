import type { AddSignerBody, ApproveBody, ReturnBody, TransferBody } from '@contract/flow-schemas';
import { post } from '@/api/http';
import { newIdempotencyKey, sendOrQueue } from '@/offline/outbox';
import { DEAL_LABEL, type DealAction } from '../deal-actions';
import { afterFlowWrite } from './flow-keys';


type Bodies = { approve: ApproveBody; reject: { opinion: string }; return: ReturnBody; transfer: TransferBody; 'add-signer': AddSignerBody };

/** The actions staff take on the move (同意/驳回/退回) go through the offline outbox; the rest need the network. */
const QUEUEABLE: DealAction[] = ['approve', 'reject', 'return'];

export async function actOnTask<A extends DealAction>(action: A, taskId: string, instanceId: string, title: string, body: Bodies[A]) {
  const url = `/api/flow/tasks/${encodeURIComponent(taskId)}/${action}`;
  if (QUEUEABLE.includes(action)) {
    return sendOrQueue({ method: 'POST', url, body, label: `${DEAL_LABEL[action]}「${title}」`, invalidate: afterFlowWrite(instanceId) });
  }
  const data = await post(url, body, { idempotencyKey: newIdempotencyKey() });
  return { queued: false as const, data };
}

export function withdrawInstance(instanceId: string) {
  return post(`/api/flow/instances/${encodeURIComponent(instanceId)}/withdraw`, undefined, { idempotencyKey: newIdempotencyKey() });
}

export function urgeInstance(instanceId: string, channels: string[], opinion = '') {
  return post(`/api/flow/instances/${encodeURIComponent(instanceId)}/urge`, { channels, opinion }, { idempotencyKey: newIdempotencyKey() });
}

/** Opening a 待阅 marks it read; offline the mark is queued and reaches the server later, once. */
export function markFlowRead(readId: string, instanceId: string, title: string) {
  return sendOrQueue({ method: 'POST', url: `/api/flow/reads/${encodeURIComponent(readId)}/read`, label: `标记已阅「${title}」`, invalidate: afterFlowWrite(instanceId) });
}
