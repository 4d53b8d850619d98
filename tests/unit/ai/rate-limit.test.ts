import { describe, expect, it } from 'vitest';
import { createAiRateLimiter, type AiAdmission } from '../../../server/modules/ai/rate-limit';

const release = (a: AiAdmission) => {
  if (!a.ok) throw new Error(a.message);
  a.release();
};

describe('per-user AI rate limit', () => {
  it('allows N questions a minute per user, then answers with the wait, and frees up as the window slides', () => {
    let t = 1_000_000;
    const limiter = createAiRateLimiter({ perMinute: 3, concurrent: 5, now: () => t });
    for (let i = 0; i < 3; i++) {
      release(limiter.acquire('zhangsan'));
      t += 10_000;
    }
    const refused = limiter.acquire('zhangsan');
    expect(refused).toEqual({ ok: false, message: '提问太频繁了，请 30 秒后再试', retryAfterSeconds: 30 });
    expect(limiter.acquire('lisi').ok).toBe(true); // another user is not affected
    t += 30_001;
    expect(limiter.acquire('zhangsan').ok).toBe(true);
  });

  it('allows one streaming answer per user at a time; release (once, even if called twice) frees it', () => {
    const limiter = createAiRateLimiter({ perMinute: 100 });
    const first = limiter.acquire('zhangsan');
    expect(first.ok).toBe(true);
    expect(limiter.acquire('zhangsan')).toMatchObject({ ok: false, message: '上一个回答还没有结束，请稍候或先停止它' });
    const second = limiter.acquire('wangwu');
    expect(second.ok).toBe(true);
    release(first);
    release(first);
    const third = limiter.acquire('zhangsan');
    expect(third.ok).toBe(true);
    // the double release above must not have opened a second slot
    expect(limiter.acquire('zhangsan').ok).toBe(false);
  });

  it('refused attempts do not use up the minute', () => {
    const limiter = createAiRateLimiter({ perMinute: 2, now: () => 5_000 });
    const open = limiter.acquire('u');
    for (let i = 0; i < 5; i++) expect(limiter.acquire('u').ok).toBe(false);
    release(open);
    expect(limiter.acquire('u').ok).toBe(true);
  });
});
