import type { OutboxBatchResult } from '@contract/outbox';
import { rememberOwnWrite } from '@/api/own-writes';
import { outboxConfig } from './outbox-config';
import type { OutboxEntry } from './outbox-store';

/** How the replay settles one write: by the server's answer, or by the failure it met. */
export interface Settle {
  sent: (entry: OutboxEntry) => Promise<void>;
  failure: (entry: OutboxEntry, error: unknown) => Promise<boolean>;
}

/** A batch answer for one write, thrown the way the HTTP client throws that answer for the write sent alone. */
function refusalOf(result: OutboxBatchResult): Error {
  return Object.assign(new Error(result.msg || '请求失败'), {
    kind: result.status >= 400 && result.status < 500 ? 'business' : 'http',
    status: result.status,
    code: result.code,
    data: result.data,
  });
}

const missingEndpoint = (error: unknown) => {
  const status = (error as { status?: number } | null)?.status;
  return status === 404 || status === 405;
};

/**
 * Sends the writes in one request (POST /api/outbox/batch), each with its own Idempotency-Key, and settles each by its
 * own answer, in order. True when the replay may go on; false when a write must be retried first (the writes behind
 * it stay queued, unsent); 'unsupported' when the server has no batch endpoint (nothing was sent).
 */
export async function sendTogether(entries: OutboxEntry[], settle: Settle): Promise<boolean | 'unsupported'> {
  const { sendBatch } = outboxConfig();
  if (!sendBatch) return 'unsupported';
  // their live events are then known as our own: they reload nothing the replay's end does not
  entries.forEach((e) => rememberOwnWrite(e.idempotencyKey));
  let results: OutboxBatchResult[];
  try {
    results = await sendBatch(
      entries.map((e) => ({ method: e.method, url: e.url, body: e.body, idempotencyKey: e.idempotencyKey })),
    );
  } catch (error) {
    if (missingEndpoint(error)) return 'unsupported';
    // no answer for any of them: the first takes the failure (and its backoff), the others wait behind it
    return settle.failure(entries[0]!, error);
  }
  const byKey = new Map(results.map((r) => [r.idempotencyKey, r]));
  for (const entry of entries) {
    const result = byKey.get(entry.idempotencyKey);
    // not run: an earlier write of the batch must be retried first, and it said so
    if (!result || result.status === 0) return false;
    if (result.status >= 200 && result.status < 300) await settle.sent(entry);
    else if (!(await settle.failure(entry, refusalOf(result)))) return false;
  }
  return true;
}
