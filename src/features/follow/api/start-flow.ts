import type { StartBody } from '@contract/flow-schemas';
import { post } from '@/api/http';
import { newIdempotencyKey } from '@/offline/outbox';

/** Starts (or saves as draft) a flow. Needs the server to validate the form, so it is not queued offline. */
export function startFlow(body: StartBody, idempotencyKey = newIdempotencyKey()) {
  return post<{ id: string; serial: string; status: string }>('/api/flow/instances', body, { idempotencyKey });
}
