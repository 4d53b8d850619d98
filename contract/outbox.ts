/** POST /api/outbox/batch: many queued writes in one request (a phone back online, or its service worker). */
export const OUTBOX_BATCH_PATH = '/api/outbox/batch';

/** At most this many writes per batch; a longer outbox goes in several. */
export const OUTBOX_BATCH_MAX = 100;

export type OutboxBatchMethod = 'POST' | 'PUT' | 'DELETE';

/** One queued write, as it would have been sent alone. */
export interface OutboxBatchItem {
  method: OutboxBatchMethod;
  /** an /api path of this server (query included), e.g. /api/flow/tasks/<id>/approve */
  url: string;
  body?: unknown;
  idempotencyKey: string;
}

/**
 * The answer to one write: its HTTP status and envelope, exactly as if it had been sent alone (a replayed key answers
 * the stored answer). `status` 0: not run, because an earlier write of the batch must be retried first (5xx, 429, or
 * still being worked on), so the order of the outbox holds.
 */
export interface OutboxBatchResult {
  idempotencyKey: string;
  status: number;
  code: number;
  msg: string;
  data: unknown;
}

/**
 * The data of a 409 refusing a write because someone else got there first (a request withdrawn, a task handled by
 * another): who, when, and what they did, so the person reads 此申请已被 张三 于 10:02 撤回，你的「同意」未生效.
 */
export interface ConflictDetail {
  actorName: string;
  /** ISO 8601 */
  at: string;
  /** what they did, in words (撤回, 同意, 转办, …) */
  actionText: string;
}
