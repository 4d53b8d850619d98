import { AppError } from '../../lib/app-error';

/**
 * Calls a vendor API and returns its JSON; a network failure or non-JSON answer is a 502 with `label` in it. A call
 * ends after 10 s, or sooner at `init.signal` (a reminder send's deadline).
 */
export async function fetchJson(url: string, label: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const timeout = AbortSignal.timeout(10_000);
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  } catch {
    throw new AppError(502, `${label}服务暂不可用，请稍后重试`);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object') throw new AppError(502, `${label}服务返回异常`);
  return body;
}

/** A cached value: call it for the value; reset() forgets it (the vendor said it is no longer valid). */
export type Cached = (() => Promise<string>) & { reset(): void };

/** A value with an expiry (access tokens, tickets): fetched once, shared by concurrent callers, refreshed early. */
export function cachedValue(load: () => Promise<{ value: string; expiresInSeconds: number }>): Cached {
  let cached: { value: string; expiresAt: number } | null = null;
  let inflight: Promise<string> | null = null;
  const get = async () => {
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    inflight ??= load()
      .then(({ value, expiresInSeconds }) => {
        // refresh 5 minutes early so a value never expires between our check and the vendor's
        const lifetime = Math.max(60, expiresInSeconds - 300) * 1000;
        cached = { value, expiresAt: Date.now() + lifetime };
        return value;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };
  return Object.assign(get, {
    reset() {
      cached = null;
    },
  });
}
