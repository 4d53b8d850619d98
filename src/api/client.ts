import type { ApiEnvelope } from '@contract/envelope';
import { ApiCode } from '@contract/envelope';
import { platformConfig } from '@/platform/platform-config';
import { getUid } from '@/lib/uid-store';
import { toast } from '@/ui/feedback';
import { ApiError, moduleCodeOf, noResponseMessage } from './api-error';
import { businessFailure, httpFailure } from './error-catalogue';
import { beginRequest, endRequest } from './pending-requests';
import { reportNoResponse, reportResponse } from '@/offline/reachability';
import { busyRetryDelay } from './busy-retry';
import { createHttp, type HttpFailure, type HttpHeaders, type HttpRequestConfig } from './http-core';

export interface RequestConfig extends HttpRequestConfig {
  /** send no `uid` header (login, public calls) */
  noToken?: boolean;
  /** reject without a toast: the caller shows the problem itself */
  silent?: boolean;
  /** background calls do not raise the loading overlay */
  noLoading?: boolean;
  /** the same key makes the server apply a write at most once */
  idempotencyKey?: string;
}

interface TrackedFields {
  tracked?: boolean;
  busyAttempts?: number;
}
type TrackedConfig = RequestConfig & TrackedFields & { headers: HttpHeaders };

export const REQUEST_TIMEOUT_MS = 30_000;
export const UPLOAD_TIMEOUT_MS = 120_000;
export const DOWNLOAD_TIMEOUT_MS = 300_000;

/** The one HTTP client of the app (spec §7). */
export const http = createHttp<RequestConfig & TrackedFields>({ baseURL: platformConfig.baseUrl, timeout: REQUEST_TIMEOUT_MS });

/** Spec §7 headers every call carries (also the streamed calls made with fetch): module, source, session. */
export function appHeaders(url: string, withToken = true): Record<string, string> {
  const headers: Record<string, string> = {
    moduleCode: moduleCodeOf(url),
    source: platformConfig.source,
    baseUrl: platformConfig.baseUrl || (typeof location === 'undefined' ? '' : location.origin),
    clientType: '2',
  };
  const uid = getUid();
  if (uid && withToken) headers.uid = uid;
  return headers;
}

http.interceptors.request.use((config: TrackedConfig) => {
  // Offline, a request would wait for the 30 s timeout; fail at once so cached data and the outbox take over.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError('offline', '网络不可用，请检查网络连接');
  }
  const headers = config.headers;
  if (!(config.data instanceof FormData)) headers.set('Content-Type', 'application/json;charset=UTF-8');
  for (const [name, value] of Object.entries(appHeaders(config.url ?? '', !config.noToken))) headers.set(name, value);
  if (config.idempotencyKey) headers.set('Idempotency-Key', config.idempotencyKey);
  if (!config.noLoading) {
    config.tracked = true;
    beginRequest();
  }
  return config;
});

function settle(config: TrackedConfig | undefined) {
  if (config?.tracked) {
    config.tracked = false;
    endRequest();
  }
}

/** A blob download that failed still carries the server's JSON envelope; read it so its message can be shown. */
async function readErrorBody(data: unknown): Promise<unknown> {
  if (typeof Blob === 'undefined' || !(data instanceof Blob) || !data.type.includes('json')) return data;
  try {
    return JSON.parse(await data.text()) as unknown;
  } catch {
    return data;
  }
}

function isEnvelope(body: unknown): body is ApiEnvelope<unknown> {
  return typeof body === 'object' && body !== null && 'code' in body && typeof (body as { code: unknown }).code === 'number';
}

http.interceptors.response.use(
  (response) => {
    const config = response.config as TrackedConfig;
    settle(config);
    reportResponse();
    const body = response.data;
    if (response.config.responseType === 'blob' || !isEnvelope(body)) return response;
    if (body.code !== ApiCode.ok) throw businessFailure(body.code, body.msg, body.data, Boolean(config.silent));
    return response;
  },
  async (error: HttpFailure | ApiError) => {
    if (error instanceof ApiError) throw error;
    const config = error.config as TrackedConfig | undefined;
    settle(config);
    const silent = Boolean(config?.silent);
    if (error.response) {
      reportResponse();
      const wait = config ? busyRetryDelay(error.response, config.method, Boolean(config.idempotencyKey), config.busyAttempts ?? 0) : null;
      if (config && wait !== null) {
        config.busyAttempts = (config.busyAttempts ?? 0) + 1;
        await new Promise((resolve) => setTimeout(resolve, wait));
        return http.request(config);
      }
      const body = await readErrorBody(error.response.data);
      const msg = isEnvelope(body) ? body.msg : undefined;
      throw httpFailure(error.response.status, msg, isEnvelope(body) ? body.code : undefined, silent);
    }
    if (error.code === 'ERR_CANCELED') throw new ApiError('network', '请求已取消');
    const message = noResponseMessage(error.message ?? '');
    // lie-fi: a read falls back to cached data under the offline bar; only a user's own write still hears §8
    const lieFi = reportNoResponse();
    if (!silent && !(lieFi && (config?.method ?? 'get').toLowerCase() === 'get')) toast.fail(message);
    throw new ApiError(error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' ? 'timeout' : 'network', message);
  },
);

