import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { FlowCounts } from '@contract/flow';
import type { SiteConfig } from '@contract/upms';
import { http } from '@/api/http';
import { configureOutbox } from '@/offline/outbox-config';
import { httpSender } from '@/offline/http-sender';
import { listOutbox } from '@/offline/outbox';
import { toast, dialog } from '@/ui/feedback';
import { DealWithPage } from '@/features/follow/components/deal-with-page';
import { FlowListPage } from '@/features/follow/components/flow-list-page';
import { flowListQuery } from '@/features/follow/api/get-flow-list';
import { runningLeave, todoRow } from '../support/flow-fixtures';
import { renderPages, testQueryClient } from '../support/render-pages';

// Issue 10 §2: an approval made offline must not leave the 待办 list empty ("离线，暂无缓存数据") nor keep the row.
const INSTANCE = '11111111-1111-4111-8111-111111111111';
const TASK = '22222222-2222-4222-8222-222222222222';
const detail = runningLeave({ instanceId: INSTANCE, taskId: TASK });
const row = (id: string, title: string) => todoRow(id, title);

function offlineNetwork() {
  Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK', config });
  }) as AxiosAdapter;
}

function renderJourney() {
  const queryClient = testQueryClient({
    queries: { networkMode: 'offlineFirst' },
    mutations: { networkMode: 'always' },
  });
  queryClient.setQueryData(['flow', 'instance', INSTANCE], detail);
  queryClient.setQueryData(['upms', 'site-config'], { tipConfig: { mobileTip: 'app' } } as SiteConfig);
  queryClient.setQueryData(flowListQuery('todo')('').queryKey, {
    pages: [{ rows: [row(TASK, '张三的请假申请'), row('t2', '王五的报销申请')], total: 2 }],
    pageParams: [1],
  });
  queryClient.setQueryData<FlowCounts>(['flow', 'counts'], { todo: 2, unread: 0, back: 0, receive: 0 });
  configureOutbox({ send: httpSender, getUserKey: () => 'lisi', isOnline: () => navigator.onLine, queryClient });
  const { router } = renderPages(
    {
      '/follow/dealWith': () => <DealWithPage instanceId={INSTANCE} taskId={TASK} />,
      '/follow/waitList': () => <FlowListPage kind="todo" />,
    },
    { at: '/follow/dealWith', queryClient },
  );
  return { router, queryClient };
}

afterEach(() => {
  toast.clear();
  dialog.clear();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('an offline 同意 updates the cached lists', () => {
  it('the row leaves 待办, the others stay on screen and the count drops', async () => {
    // offline from the start: the page opens from the cache, and nothing it asks for leaves the test
    offlineNetwork();
    const { router, queryClient } = renderJourney();
    await screen.findByRole('button', { name: '确定' });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认' }, { timeout: 10_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/follow/waitList'));
    expect(await screen.findByText('王五的报销申请')).toBeTruthy();
    expect(screen.queryByText('张三的请假申请')).toBeNull();
    expect(screen.queryByText('离线，暂无缓存数据')).toBeNull();
    expect(queryClient.getQueryData<FlowCounts>(['flow', 'counts'])?.todo).toBe(1);
    expect((await listOutbox()).map((e) => e.label)).toContain('同意「张三的请假申请」');
  });
});
