/** How often a request answered 503 (server busy) is sent again before the user hears about it. */
export const BUSY_RETRIES = 3;
const MAX_WAIT_MS = 5_000;

/**
 * The server sheds load with 503 + Retry-After (its queue in front of the database is full). Reads and writes that
 * carry an Idempotency-Key are safe to send again; the wait follows Retry-After, spread a little so a crowd of
 * phones does not come back in the same millisecond. Anything else is not retried here (null).
 */
export function busyRetryDelay(
  response: { status: number; headers: unknown },
  method: string | undefined,
  idempotent: boolean,
  attempt: number,
): number | null {
  if (response.status !== 503 || attempt >= BUSY_RETRIES) return null;
  if ((method ?? 'get').toLowerCase() !== 'get' && !idempotent) return null;
  const header = Number((response.headers as Record<string, unknown>)['retry-after']);
  const seconds = Number.isFinite(header) && header >= 0 ? header : 1;
  return Math.min(MAX_WAIT_MS, seconds * 1000) * (1 + Math.random() * 0.5);
}
