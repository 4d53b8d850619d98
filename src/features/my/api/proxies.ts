import { queryOptions, useMutation } from '@tanstack/react-query';
import type { DefinitionSummary } from '@contract/flow';
import type { FlowProxy, FlowProxyBody } from '@contract/flow-proxy';
import { get } from '@/api/http';
import { rememberOwnWrite } from '@/api/own-writes';
import { newIdempotencyKey, sendOrQueue } from '@/offline/outbox';
import { writeFeedback } from '@/ui/write-feedback';
import { myKeys } from './my-keys';

/** 审批代理 query keys, under 我的 (persisted: the page reads offline what was last seen). */
export const proxyKeys = {
  list: [...myKeys.all, 'proxies'] as const,
  definitions: [...myKeys.all, 'proxy-definitions'] as const,
};

/** The caller's proxies: their own, the ones they stand in, the ones they set for staff. */
export const proxiesQueryOptions = () =>
  queryOptions({
    queryKey: proxyKeys.list,
    queryFn: () => get<{ rows: FlowProxy[] }>('/api/flow/proxies').then((d) => d.rows),
  });

/** The flows a proxy may be limited to (the catalogue; 我的 does not import the 审批 feature). */
export const proxyDefinitionsQueryOptions = () =>
  queryOptions({
    queryKey: proxyKeys.definitions,
    queryFn: () => get<DefinitionSummary[]>('/api/flow/definitions', undefined, { noLoading: true }),
    staleTime: 5 * 60_000,
  });

const send = (method: 'POST' | 'DELETE', url: string, label: string, body?: unknown) =>
  sendOrQueue({
    method,
    url,
    body,
    label,
    invalidate: [[...proxyKeys.list]],
    idempotencyKey: rememberOwnWrite(newIdempotencyKey()),
  });

/** 设置代理: sent now, or queued offline like every write. */
export const useCreateProxy = () =>
  useMutation({
    mutationFn: (body: FlowProxyBody) => send('POST', '/api/flow/proxies', '设置审批代理', body),
    ...writeFeedback('审批代理已设置'),
  });

/** 取消代理: the stand-in's unhandled tasks go back at once. */
export const useDeleteProxy = () =>
  useMutation({
    mutationFn: (id: string) => send('DELETE', `/api/flow/proxies/${encodeURIComponent(id)}`, '取消审批代理'),
    ...writeFeedback('审批代理已取消'),
  });
