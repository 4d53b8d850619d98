import { OUTBOX_BATCH_PATH, type OutboxBatchResult } from '@contract/outbox';
import { del, post, put } from '@/api/http';
import type { OutboxBatchSender, OutboxSender } from './outbox-config';

/** Sends queued writes through the app's HTTP client, quietly: the outbox shows the outcome itself. */
export const httpSender: OutboxSender = ({ method, url, body, idempotencyKey }) => {
  const config = { idempotencyKey, silent: true, noLoading: true };
  if (method === 'PUT') return put(url, body, config);
  if (method === 'DELETE') return del(url, undefined, config);
  return post(url, body, config);
};

/** Sends a replay's writes in one request; each answer is settled by the outbox on its own. */
export const httpBatchSender: OutboxBatchSender = async (items) =>
  (await post<{ results: OutboxBatchResult[] }>(OUTBOX_BATCH_PATH, { items }, { silent: true, noLoading: true }))
    .results;
