import type { AxiosError, AxiosInstance, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { ApiEnvelope } from '@contract/envelope';
import { ApiCode } from '@contract/envelope';
import { toast } from '@/ui/feedback';
import { NO_NETWORK_TEXT } from '@/ui/no-network-text';
import { ApiError, noResponseMessage } from './api-error';
import { appHeaders } from './app-headers';
import { busyRetryDelay } from './busy-retry';
import { businessFailure, httpFailure } from './error-catalogue';
import { beginRequest, endRequest } from './pending-requests';
import { reportNoResponse, reportResponse } from './reachability';

/** What the interceptors note on a request: whether it raised the loading overlay, how often 503 sent it again. */
type TrackedConfig = InternalAxiosRequestConfig & { tracked?: boolean; busyAttempts?: number };

/** Spec §7: the headers of every call, the Idempotency-Key of a write, the loading overlay. */
function onRequest(config: TrackedConfig): TrackedConfig {
  // Offline, a request would wait for the 30 s timeout; fail at once so cached data and the outbox take over.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError('offline', NO_NETWORK_TEXT);
  }
  const headers = config.headers;
  // FormData carries its own type with the boundary (axios leaves it to the browser)
  if (!(config.data instanceof FormData)) headers.set('Content-Type', 'application/json;charset=UTF-8');
  for (const [name, value] of Object.entries(appHeaders(config.url ?? '', !config.noToken))) headers.set(name, value);
  if (config.idempotencyKey) headers.set('Idempotency-Key', config.idempotencyKey);
  if (!config.noLoading) {
    config.tracked = true;
    beginRequest();
  }
  return config;
}

function settle(config: TrackedConfig | undefined): void {
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
  return (
    typeof body === 'object' && body !== null && 'code' in body && typeof (body as { code: unknown }).code === 'number'
  );
}

/** Spec §8 for an answer with HTTP 2xx: an envelope code other than 200 is a failure. */
function onAnswer(response: AxiosResponse): AxiosResponse {
  const config = response.config as TrackedConfig;
  settle(config);
  reportResponse();
  const body: unknown = response.data;
  if (config.responseType === 'blob' || !isEnvelope(body)) return response;
  if (body.code !== ApiCode.ok) throw businessFailure(body.code, body.msg, body.data, Boolean(config.silent));
  return response;
}

/** Spec §8 for a failed request: HTTP status (503 sent again while the server sheds load), no answer, cancelled. */
async function onFailure(http: AxiosInstance, error: AxiosError | ApiError): Promise<AxiosResponse> {
  if (error instanceof ApiError) throw error;
  const config = error.config as TrackedConfig | undefined;
  settle(config);
  const silent = Boolean(config?.silent);
  if (error.response) {
    reportResponse();
    const wait = config
      ? busyRetryDelay(error.response, config.method, Boolean(config.idempotencyKey), config.busyAttempts ?? 0)
      : null;
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
}

/** Puts spec §7 (headers, overlay) and §8 (the error catalogue, 401, busy retry, offline) on the app's axios instance. */
export function installSpecInterceptors(http: AxiosInstance): void {
  http.interceptors.request.use(onRequest);
  http.interceptors.response.use(onAnswer, (error: AxiosError | ApiError) => onFailure(http, error));
}
