/**
 * SQLSTATEs of a connection that went away under a statement: class 08 (connection exception), 57P01–57P03 (the
 * server shut down, crashed or is starting) and 53300 (no connection slot free while it comes back).
 */
const LOST_CODES = /^(08...|57P0[123]|53300)$/;
const LOST_MESSAGES =
  /Connection terminated|connection (?:is )?(?:closed|ended)|not queryable|ECONNREFUSED|ECONNRESET|EPIPE/i;

/**
 * Whether an error (however drizzle or pg wrapped it) says the database connection was lost rather than the
 * statement being wrong: the request did not take effect and may be sent again once the pool has reconnected.
 */
export function isConnectionLoss(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && LOST_CODES.test(code)) return true;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && LOST_MESSAGES.test(code)) return true;
    if (typeof message === 'string' && LOST_MESSAGES.test(message)) return true;
  }
  return false;
}
