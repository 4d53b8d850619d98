import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { DefaultOptions, QueryClient } from '@tanstack/react-query';
import type { AnyRoute, RouteComponent } from '@tanstack/react-router';
import type { FlowCounts, InstanceDetail } from '@contract/flow';
import type { SiteConfig } from '@contract/upms';
import { http } from '@/api/http';
import { configureOutbox } from '@/offline/outbox-config';
import { httpSender } from '@/offline/http-sender';
import { DealWithPage } from '@/features/follow/components/deal-with-page';
import { InstanceDetailPage, type DetailVariant } from '@/features/follow/components/instance-detail-page';
import { flowListQuery } from '@/features/follow/api/get-flow-list';
import type { DealAction } from '@/features/follow/deal-actions';
import { INSTANCE, TASK, todoRow } from './flow-fixtures';
import { renderPages, testQueryClient } from './render-pages';

/** Every request meets a server that answers 200 with `answer(config)` as its data; a throw fails the request. */
export function serveFlow(answer: (config: InternalAxiosRequestConfig) => unknown) {
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    const data = answer(config);
    return { status: 200, statusText: '200', data: { code: 200, msg: '', data }, headers: {}, config, request: {} };
  }) as AxiosAdapter;
}

/** The device is offline: navigator says so and every request fails as a lost network does. */
export function offlineNetwork() {
  Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK', config });
  }) as AxiosAdapter;
}

/** A QueryClient (`options` as testQueryClient's) that holds `detail` and a site config reminding by `mobileTip`. */
export function flowClient(
  detail: InstanceDetail,
  { mobileTip = 'app', ...options }: DefaultOptions & { mobileTip?: string } = {},
): QueryClient {
  const queryClient = testQueryClient(options);
  queryClient.setQueryData(['flow', 'instance', detail.id], detail);
  queryClient.setQueryData(['upms', 'site-config'], { tipConfig: { mobileTip } } as SiteConfig);
  return queryClient;
}

/** 李四's writes go through the outbox, sent over http while `isOnline` says so. */
export function sendThroughOutbox(queryClient: QueryClient, isOnline = () => navigator.onLine) {
  configureOutbox({ send: httpSender, getUserKey: () => 'lisi', isOnline, queryClient });
}

/**
 * A flowClient for a device gone offline, whose cached 待办 list holds this task (`title`) and 王五's 报销, counted 2,
 * and whose writes wait in the outbox.
 */
export function offlineTodoClient(detail: InstanceDetail, title: string): QueryClient {
  const queryClient = flowClient(detail, {
    queries: { networkMode: 'offlineFirst' },
    mutations: { networkMode: 'always' },
  });
  queryClient.setQueryData(flowListQuery('todo')('').queryKey, {
    pages: [{ rows: [todoRow(TASK, title), todoRow('t2', '王五的报销申请')], total: 2 }],
    pageParams: [1],
  });
  queryClient.setQueryData<FlowCounts>(['flow', 'counts'], { todo: 2, unread: 0, back: 0, receive: 0 });
  sendThroughOutbox(queryClient);
  return queryClient;
}

/** 办理 of TASK at /follow/dealWith; what it goes to when done, the 待办 list, is `list` (a placeholder unless given). */
export function renderDealWith(
  queryClient: QueryClient,
  { list = () => <p>待办列表</p>, initialAction }: { list?: RouteComponent; initialAction?: DealAction } = {},
) {
  return renderPages(
    {
      '/follow/dealWith': () => <DealWithPage instanceId={INSTANCE} taskId={TASK} initialAction={initialAction} />,
      '/follow/waitList': list,
    },
    { at: '/follow/dealWith', queryClient },
  );
}

/** The detail page of INSTANCE as `variant` shows it, at `path`, beside the `pages` and `routes` it may go to. */
export function renderDetail(
  queryClient: QueryClient,
  variant: DetailVariant,
  {
    path = '/followStartDetail',
    pages = {},
    routes,
  }: { path?: string; pages?: Record<string, RouteComponent>; routes?: (root: AnyRoute) => AnyRoute[] } = {},
) {
  return renderPages(
    { [path]: () => <InstanceDetailPage instanceId={INSTANCE} variant={variant} />, ...pages },
    { at: path, queryClient, routes },
  );
}
