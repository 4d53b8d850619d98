import type { ApiEnvelope } from '@contract/envelope';
import { setReachabilityProbe } from '@/offline/reachability';
import { http, type RequestConfig } from './client';

export { http, type RequestConfig, REQUEST_TIMEOUT_MS } from './client';
export { ApiError, isNetworkError } from './api-error';

// while requests go unanswered, a quiet health check tells when the server is back
setReachabilityProbe(() => http.request({ method: 'GET', url: '/api/health', silent: true, noLoading: true } as RequestConfig));

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

export { upload, download } from './transfer';
export { previewFile } from './file-preview-store';
