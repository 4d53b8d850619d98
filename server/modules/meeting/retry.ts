import { AppError } from '../../lib/app-error';

/*
 * PostgreSQL may break off a transaction that did nothing wrong: a serialization failure (40001) or one side of a
 * deadlock (40P01). Nothing of it was kept, so it is run again, a few times, after a short random pause; if it keeps
 * happening the caller hears 503 with Retry-After (the phone retries), never 500.
 */

const retryable = new Set(['40001', '40P01']);
export const CONFLICT_ATTEMPTS = 4;
export const CONFLICT_RETRY_AFTER_SECONDS = 2;

/** A 40001/40P01 however drizzle wrapped it. */
export function transientConflict(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && retryable.has(code)) return true;
  }
  return false;
}

/** The 503 of a write the database kept breaking off; the route sends Retry-After. */
export class WriteConflict extends AppError {
  readonly retryAfterSeconds = CONFLICT_RETRY_AFTER_SECONDS;
  constructor() {
    super(503, '操作的人较多，请稍后重试');
    this.name = 'WriteConflict';
  }
}

/** Runs `work` (one whole transaction) again on 40001/40P01, at most CONFLICT_ATTEMPTS times in all. */
export async function retryConflicts<T>(work: () => Promise<T>, attempts = CONFLICT_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!transientConflict(error)) throw error;
      if (attempt >= attempts) throw new WriteConflict();
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50 * attempt));
    }
  }
}
