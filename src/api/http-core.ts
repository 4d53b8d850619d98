import type { AxiosAdapter, AxiosProgressEvent, InternalAxiosRequestConfig } from 'axios';

/**
 * The small part of axios the app uses, on XMLHttpRequest (≈ 2 KB where axios costs ≈ 20 KB gzip on every first page):
 * `create`-style instance with `defaults.adapter`, request and response interceptors run like axios chains them,
 * JSON bodies, axios-style query strings, timeouts, blob responses and upload progress. Errors keep axios's shape and
 * texts (`Network Error`, `timeout of 30000ms exceeded`, `Request failed with status code 500`, codes ERR_NETWORK,
 * ECONNABORTED, ERR_CANCELED, ERR_BAD_REQUEST/ERR_BAD_RESPONSE), because the §8 catalogue derives its message from them.
 */

/** axios's header bag: case-insensitive `get`/`set`, also readable as a plain object. */
export class HttpHeaders {
  [name: string]: unknown;

  constructor(init?: object | null) {
    if (init) for (const [name, value] of Object.entries(init)) if (value != null) this.set(name, String(value));
  }

  private keyOf(name: string): string | undefined {
    const lower = name.toLowerCase();
    return Object.keys(this).find((key) => key.toLowerCase() === lower);
  }

  set(name: string, value: string | null): this {
    const key = this.keyOf(name);
    if (key !== undefined) delete this[key];
    if (value != null) this[name] = value;
    return this;
  }

  get(name: string): string | undefined {
    const key = this.keyOf(name);
    return key === undefined ? undefined : (this[key] as string);
  }
}

export interface HttpRequestConfig {
  url?: string;
  method?: string;
  baseURL?: string;
  params?: object;
  data?: unknown;
  headers?: HttpHeaders | Record<string, string>;
  timeout?: number;
  responseType?: 'json' | 'blob' | 'text';
  signal?: AbortSignal;
  onUploadProgress?: (event: AxiosProgressEvent) => void;
}

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  config: HttpRequestConfig;
  request?: unknown;
}

/** What a failed request rejects with (axios's AxiosError shape). */
export interface HttpFailure extends Error {
  isAxiosError: true;
  code?: string;
  config?: HttpRequestConfig;
  response?: HttpResponse;
}

type Fulfilled<V> = (value: V) => V | Promise<V>;
type Rejected = (error: never) => unknown;

class Interceptors<V> {
  readonly handlers: { fulfilled?: Fulfilled<V>; rejected?: Rejected }[] = [];
  use(fulfilled?: Fulfilled<V>, rejected?: Rejected): number {
    this.handlers.push({ fulfilled, rejected });
    return this.handlers.length - 1;
  }
}

function failure(message: string, code: string | undefined, config: HttpRequestConfig, response?: HttpResponse): HttpFailure {
  return Object.assign(new Error(message), { isAxiosError: true as const, code, config, response });
}

// axios's query encoding: encodeURIComponent, then a few characters left readable
function encode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+')
    .replace(/%5B/gi, '[')
    .replace(/%5D/gi, ']');
}

/** axios's default params serializer: null/undefined left out, arrays as `key[]=`, dates ISO, objects as JSON. */
export function serializeParams(params: object | undefined): string {
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(params ?? {})) {
    if (raw === null || raw === undefined) continue;
    const values: unknown[] = Array.isArray(raw) ? raw : [raw];
    const name = Array.isArray(raw) ? `${key}[]` : key;
    for (const value of values) {
      if (value === null || value === undefined) continue;
      const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
      parts.push(`${encode(name)}=${encode(text)}`);
    }
  }
  return parts.join('&');
}

export function fullUrl(config: HttpRequestConfig): string {
  const url = config.url ?? '';
  const base = config.baseURL && !/^([a-z][a-z\d+\-.]*:)?\/\//i.test(url) ? config.baseURL.replace(/\/+$/, '') + '/' + url.replace(/^\/+/, '') : url;
  const query = serializeParams(config.params);
  return query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;
}

function isRawBody(data: unknown): boolean {
  return (
    (typeof FormData !== 'undefined' && data instanceof FormData) ||
    (typeof Blob !== 'undefined' && data instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && data instanceof URLSearchParams) ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data)
  );
}

/** Like axios's transformRequest: objects go as JSON text, a string that already is JSON as it is. */
function serializeBody(data: unknown): unknown {
  if (data === undefined || data === null || isRawBody(data)) return data;
  if (typeof data === 'string') {
    try {
      JSON.parse(data);
      return data;
    } catch {
      return JSON.stringify(data);
    }
  }
  return JSON.stringify(data);
}

function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const name = line.slice(0, at).trim().toLowerCase();
    const value = line.slice(at + 1).trim();
    headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

function parseJson(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The browser transport: XMLHttpRequest, for upload progress and timeouts with axios's error texts. */
export const xhrAdapter = (config: HttpRequestConfig): Promise<HttpResponse> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const method = (config.method ?? 'get').toUpperCase();
    xhr.open(method, fullUrl(config), true);
    xhr.timeout = config.timeout ?? 0;
    if (config.responseType === 'blob') xhr.responseType = 'blob';
    const headers = new HttpHeaders(config.headers);
    // no body, no content type (axios drops it too); FormData sets its own with the boundary
    if (config.data === undefined || (typeof FormData !== 'undefined' && config.data instanceof FormData)) headers.set('Content-Type', null);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, String(value));
    const { signal } = config;
    const onAbort = () => xhr.abort();
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    xhr.onload = () =>
      finish(() => {
        const data = config.responseType === 'blob' ? (xhr.response as Blob) : config.responseType === 'text' ? xhr.responseText : parseJson(xhr.responseText);
        const response: HttpResponse = { data, status: xhr.status, statusText: xhr.statusText, headers: parseHeaders(xhr.getAllResponseHeaders()), config, request: xhr };
        if (xhr.status >= 200 && xhr.status < 300) resolve(response);
        else reject(failure(`Request failed with status code ${xhr.status}`, xhr.status < 500 ? 'ERR_BAD_REQUEST' : 'ERR_BAD_RESPONSE', config, response));
      });
    xhr.onerror = () => finish(() => reject(failure('Network Error', 'ERR_NETWORK', config)));
    xhr.ontimeout = () => finish(() => reject(failure(`timeout of ${config.timeout ?? 0}ms exceeded`, 'ECONNABORTED', config)));
    xhr.onabort = () => finish(() => reject(failure('canceled', 'ERR_CANCELED', config)));
    if (config.onUploadProgress && xhr.upload) {
      const progress = config.onUploadProgress;
      xhr.upload.onprogress = (event) =>
        progress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined, bytes: 0, lengthComputable: event.lengthComputable, upload: true } as AxiosProgressEvent);
    }
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort);
    xhr.send((config.data ?? null) as XMLHttpRequestBodyInit | null);
  });

/** An axios-shaped instance: `request/get/post/put/delete`, `defaults.adapter`, `interceptors.request/response`. */
export function createHttp<Extra extends object = object>(defaults: { baseURL?: string; timeout?: number }) {
  type Config = HttpRequestConfig & Extra;
  const instance = {
    defaults: { ...defaults, adapter: xhrAdapter as unknown as AxiosAdapter },
    interceptors: { request: new Interceptors<Config & { headers: HttpHeaders }>(), response: new Interceptors<HttpResponse>() },

    request<T = unknown>(input: Config): Promise<HttpResponse<T>> {
      const config = {
        baseURL: instance.defaults.baseURL,
        timeout: instance.defaults.timeout,
        ...input,
        method: (input.method ?? 'get').toLowerCase(),
        headers: new HttpHeaders(input.headers),
      } as Config & { headers: HttpHeaders };
      // axios's chain: request interceptors (last added first), the transport, then response interceptors
      let chain: Promise<unknown> = Promise.resolve(config);
      for (const { fulfilled, rejected } of [...instance.interceptors.request.handlers].reverse()) chain = chain.then(fulfilled as never, rejected as ((reason: unknown) => unknown) | undefined);
      chain = chain.then((sent) => {
        const ready = sent as Config;
        ready.data = serializeBody(ready.data);
        return instance.defaults.adapter(ready as unknown as InternalAxiosRequestConfig);
      });
      for (const { fulfilled, rejected } of instance.interceptors.response.handlers) chain = chain.then(fulfilled as never, rejected as ((reason: unknown) => unknown) | undefined);
      return chain as Promise<HttpResponse<T>>;
    },
    get: <T = unknown>(url: string, config?: Config) => instance.request<T>({ ...config, method: 'get', url } as Config),
    delete: <T = unknown>(url: string, config?: Config) => instance.request<T>({ ...config, method: 'delete', url } as Config),
    post: <T = unknown>(url: string, data?: unknown, config?: Config) => instance.request<T>({ ...config, method: 'post', url, data } as Config),
    put: <T = unknown>(url: string, data?: unknown, config?: Config) => instance.request<T>({ ...config, method: 'put', url, data } as Config),
  };
  return instance;
}
