/** An answer as the tests see it: HTTP status, headers and the parsed envelope. */
export interface ApiResult<T = unknown> {
  status: number;
  headers: Headers;
  body: { code: number; msg: string; data: T };
}

type Body = Record<string, unknown> | unknown[] | FormData | string | undefined;

/** A tiny fetch wrapper for API tests: sends `uid`, JSON-encodes objects, sends strings raw (as JSON). */
export function api(baseUrl: string, uid?: string | null) {
  async function request<T = unknown>(
    method: string,
    path: string,
    body?: Body,
    headers: Record<string, string> = {},
  ): Promise<ApiResult<T>> {
    const init: RequestInit = { method, headers: { ...(uid ? { uid } : {}), ...headers } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${baseUrl}${path}`, init);
    const text = await response.text();
    let parsed: ApiResult<T>['body'];
    try {
      parsed = JSON.parse(text) as ApiResult<T>['body'];
    } catch {
      parsed = { code: response.status, msg: text, data: undefined as T };
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }
  return {
    request,
    get: <T = unknown>(path: string, headers?: Record<string, string>) => request<T>('GET', path, undefined, headers),
    post: <T = unknown>(path: string, body?: Body, headers?: Record<string, string>) =>
      request<T>('POST', path, body, headers),
    put: <T = unknown>(path: string, body?: Body, headers?: Record<string, string>) =>
      request<T>('PUT', path, body, headers),
    delete: <T = unknown>(path: string, headers?: Record<string, string>) =>
      request<T>('DELETE', path, undefined, headers),
  };
}
