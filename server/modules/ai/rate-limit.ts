/**
 * Per-user limits for questions to the assistant: a sliding window of questions per minute and a cap on answers
 * streaming at once (a model call is slow and, with a hosted service, paid for). Held in this process's memory:
 * with several server processes each enforces its own share, which bounds the total at N × the limit — enough to
 * protect the model service; a shared store can implement the same interface later.
 */
export interface AiRateLimitOptions {
  /** questions per user in any 60 s (default 10) */
  perMinute?: number;
  /** answers per user streaming at the same time (default 1) */
  concurrent?: number;
  now?: () => number;
}

export type AiAdmission =
  | { ok: true; /** call once the answer ended, however it ended */ release: () => void }
  | { ok: false; message: string; retryAfterSeconds: number };

export interface AiRateLimiter {
  acquire(userId: string): AiAdmission;
}

const WINDOW_MS = 60_000;

/** An in-memory limiter; answers `ok: false` with a Chinese message for HTTP 429. */
export function createAiRateLimiter(options: AiRateLimitOptions = {}): AiRateLimiter {
  const perMinute = options.perMinute ?? 10;
  const concurrent = options.concurrent ?? 1;
  const now = options.now ?? Date.now;
  const asked = new Map<string, number[]>();
  const open = new Map<string, number>();

  return {
    acquire(userId) {
      const t = now();
      const recent = (asked.get(userId) ?? []).filter((at) => at > t - WINDOW_MS);
      if ((open.get(userId) ?? 0) >= concurrent) {
        asked.set(userId, recent);
        return { ok: false, message: '上一个回答还没有结束，请稍候或先停止它', retryAfterSeconds: 1 };
      }
      if (recent.length >= perMinute) {
        asked.set(userId, recent);
        const retryAfterSeconds = Math.max(1, Math.ceil((recent[0] + WINDOW_MS - t) / 1000));
        return { ok: false, message: `提问太频繁了，请 ${retryAfterSeconds} 秒后再试`, retryAfterSeconds };
      }
      recent.push(t);
      asked.set(userId, recent);
      open.set(userId, (open.get(userId) ?? 0) + 1);
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          const left = (open.get(userId) ?? 1) - 1;
          if (left > 0) open.set(userId, left);
          else open.delete(userId);
        },
      };
    },
  };
}
