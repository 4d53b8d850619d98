/** An expected failure with an HTTP status and a Chinese message the client shows as it is. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** body code when it differs from the status (55555 forces a logout) */
    readonly code: number = status,
    /** the envelope's data, for a refusal that says more than its message (a 409 naming who and when); else null */
    readonly detail: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The success envelope { code: 200, msg, data }. */
export function ok<T>(data: T, msg = '操作成功'): { code: 200; msg: string; data: T } {
  return { code: 200, msg, data };
}

/** The error envelope; data is always null so the client can rely on the shape. */
export function fail(code: number, msg: string): { code: number; msg: string; data: null } {
  return { code, msg, data: null };
}
