import axios, { type AxiosRequestConfig } from 'axios';
import type { ApiEnvelope } from '@contract/envelope';
import { platformConfig } from '@/platform/platform-config';
import { installSpecInterceptors } from './http-interceptors';
import { setReachabilityProbe } from './reachability';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** send no `uid` header (login, public calls) */
    noToken?: boolean;
    /** reject without a toast: the caller shows the problem itself */
    silent?: boolean;
    /** background calls do not raise the loading overlay */
    noLoading?: boolean;
    /** the same key makes the server apply a write at most once */
    idempotencyKey?: string;
  }
}

export type RequestConfig = AxiosRequestConfig;

/** Spec §9: request 30 s, upload 120 s, download 300 s. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const UPLOAD_TIMEOUT_MS = 120_000;
export const DOWNLOAD_TIMEOUT_MS = 300_000;

/** The one HTTP client of the app (spec §7): axios, with the spec's headers and §8 catalogue as interceptors. */
export const http = axios.create({ baseURL: platformConfig.baseUrl, timeout: REQUEST_TIMEOUT_MS });
installSpecInterceptors(http);

// while requests go unanswered, a quiet health check tells when the server is back
setReachabilityProbe(() => http.request({ method: 'GET', url: '/api/health', silent: true, noLoading: true }));

async function call<T>(config: RequestConfig): Promise<T> {
  const response = await http.request<ApiEnvelope<T>>(config);
  return response.data.data;
}

export function get<T>(url: string, params?: object, config: RequestConfig = {}): Promise<T> {
  return call<T>({ ...config, method: 'GET', url, params });
}

export function post<T>(url: string, body?: unknown, config: RequestConfig = {}): Promise<T> {
  return call<T>({ ...config, method: 'POST', url, data: body });
}

export function put<T>(url: string, body?: unknown, config: RequestConfig = {}): Promise<T> {
  return call<T>({ ...config, method: 'PUT', url, data: body });
}

export function del<T>(url: string, params?: object, config: RequestConfig = {}): Promise<T> {
  return call<T>({ ...config, method: 'DELETE', url, params });
}

export { ApiError, isNetworkError } from './api-error';
