import type { Db } from '../../db/client';
import { hitSharedLimit, holdSharedSlot, type SharedLimit } from '../../plugins/shared-limit';

/**
 * Per-user limits for questions to the assistant, held in the database so they hold across server processes: a
 * sliding window of questions per minute and a cap on answers streaming at once (a model call is slow and, with a
 * hosted service, paid for).
 */
export interface AiRateLimitOptions {
  /** questions per user in any 60 s (default 10) */
  perMinute?: number;
  /** answers per user streaming at the same time (default 1) */
  concurrent?: number;
}

export type AiAdmission =
  | {
      ok: true;
      /** call once the answer ended, however it ended; resolves once the slot is free (never rejects) */ release: () => Promise<void>;
    }
  | { ok: false; message: string; retryAfterSeconds: number };

export interface AiRateLimiter {
  acquire(userId: string): Promise<AiAdmission>;
}

// an answer that streams longer than this is cut off by the model service anyway; the lease frees a dead process's slot
const ANSWER_LEASE_SECONDS = 300;

/** The limiter on the shared database; answers `ok: false` with a Chinese message for HTTP 429. */
export function createSharedAiLimiter(db: Db, options: AiRateLimitOptions = {}): AiRateLimiter {
  const perMinute = options.perMinute ?? 10;
  const concurrent = options.concurrent ?? 1;
  const answering: SharedLimit = { scope: 'ai-answer', limit: concurrent, windowSeconds: ANSWER_LEASE_SECONDS };
  const asking: SharedLimit = { scope: 'ai-question', limit: perMinute, windowSeconds: 60 };
  return {
    async acquire(userId) {
      const release = await holdSharedSlot(db, answering, userId);
      if (!release) return { ok: false, message: '上一个回答还没有结束，请稍候或先停止它', retryAfterSeconds: 1 };
      const counted = await hitSharedLimit(db, asking, userId).catch(async (error: unknown) => {
        await release();
        throw error;
      });
      if (!counted.ok) {
        await release();
        return {
          ok: false,
          message: `提问太频繁了，请 ${counted.retryAfterSeconds} 秒后再试`,
          retryAfterSeconds: counted.retryAfterSeconds,
        };
      }
      // the answer has ended: freeing the slot must not fail the reply (the lease frees it at the latest)
      return { ok: true, release: () => release().catch(() => undefined) };
    },
  };
}
