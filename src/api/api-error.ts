/** Why a call failed: the server said no (business), an HTTP status, no answer (network/timeout), or offline. */
export type ApiErrorKind = 'business' | 'http' | 'network' | 'offline' | 'timeout';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code?: number;
  readonly status?: number;
  readonly data?: unknown;

  constructor(kind: ApiErrorKind, message: string, extra: { code?: number; status?: number; data?: unknown } = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = extra.code;
    this.status = extra.status;
    this.data = extra.data;
  }
}

/** A failure worth retrying later from the outbox: nothing reached the server or it did not answer. */
export function isNetworkError(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.kind === 'network' || error.kind === 'offline' || error.kind === 'timeout')
  );
}

/** Spec §8: no response → 系统接口 + the last three characters of the error text + 异常. */
export function noResponseMessage(errorText: string): string {
  return `系统接口${errorText.slice(-3)}异常`;
}

/** Spec §7: the module code is the third path segment (`/api/flow/task/todo` → `flow`). */
export function moduleCodeOf(url: string): string {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split('?')[0];
  return path.split('/')[2] ?? '';
}
