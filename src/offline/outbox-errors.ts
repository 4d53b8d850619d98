import type { ConflictDetail } from '@contract/outbox';

/** What a failed send means for a queued write. */
export type FailureKind =
  | 'retry' // no answer (offline, network, timeout): try again, never give up
  | 'server' // 5xx / 429: try again with backoff, give up after a few attempts
  | 'auth' // session ended: wait for the same user to sign in again
  | 'conflict'; // the server said no (409, validation, already handled): the user must see it

interface ErrorLike {
  kind?: string;
  code?: number;
  status?: number;
  message?: string;
  data?: unknown;
}

// the server's answer while the same Idempotency-Key is still being worked on (or was cut by a crash): not a refusal
const IN_PROGRESS = '请求正在处理中';

/** Classifies an error thrown by the sender (an ApiError from @/api/http, or anything shaped like it). */
export function classifyFailure(error: unknown): { kind: FailureKind; message: string } {
  const e = (error && typeof error === 'object' ? error : {}) as ErrorLike;
  const message = e.message || '请求失败';
  if (e.kind === 'network' || e.kind === 'offline' || e.kind === 'timeout') return { kind: 'retry', message };
  if ((e.status === 409 || e.code === 409) && message === IN_PROGRESS) return { kind: 'retry', message };
  if (e.status === 401 || e.code === 401 || e.code === 55555) return { kind: 'auth', message };
  const status = e.status ?? 0;
  if (status >= 500 || status === 429 || e.code === 429) return { kind: 'server', message };
  if (e.kind === 'business' || (status >= 400 && status < 500)) return { kind: 'conflict', message };
  return { kind: 'server', message };
}

/** Seconds-scale doubling delay, capped at five minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(2000 * 2 ** Math.max(0, attempts - 1), 5 * 60 * 1000);
}

/** Who did what and when, when a refusal's data says so (a 409 of 办理 on a request changed meanwhile). */
export function conflictDetailOf(error: unknown): ConflictDetail | undefined {
  const data = (error as ErrorLike | null)?.data as Partial<ConflictDetail> | null | undefined;
  if (!data || typeof data !== 'object') return undefined;
  const { actorName, at, actionText } = data;
  return typeof actorName === 'string' && typeof at === 'string' && typeof actionText === 'string'
    ? { actorName, at, actionText }
    : undefined;
}
