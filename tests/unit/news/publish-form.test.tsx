import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import type { NewsChannel } from '@contract/news';
import { configureOutbox } from '@/offline/outbox-config';
import { httpSender } from '@/offline/http-sender';
import { listOutbox } from '@/offline/outbox';
import { newsKeys } from '@/features/news/api/news-keys';
import { AddNewsPage } from '@/features/news/components/add-news-page';

// 资讯 publish on the form library: the contract's rules (contract/news.ts, which newsSaveBody enforces) answer in the
// page's alert; a valid article still leaves through the outbox (offline here) with the button's submit flag.
const CHANNEL = '44444444-4444-4444-8444-444444444444';

function renderPage(channelId?: string) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  queryClient.setQueryData(newsKeys.channels, [{ id: CHANNEL, name: '通知公告', canPublish: true }] as NewsChannel[]);
  configureOutbox({ send: httpSender, getUserKey: () => 'zhangsan', isOnline: () => false, queryClient });
  const root = createRootRoute();
  const add = createRoute({
    getParentRoute: () => root,
    path: '/news/addNews',
    component: () => <AddNewsPage channelId={channelId} />,
  });
  const my = createRoute({ getParentRoute: () => root, path: '/news/my', component: () => <p>我的资讯</p> });
  const router = createRouter({
    routeTree: root.addChildren([add, my]),
    history: createMemoryHistory({ initialEntries: ['/news/addNews'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => Object.defineProperty(navigator, 'onLine', { value: false, configurable: true }));
afterEach(() => Object.defineProperty(navigator, 'onLine', { value: true, configurable: true }));

describe('资讯 publish form', () => {
  it('asks for the title, then the channel, in the page’s alert, and queues nothing', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '提交审核' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入标题');
    fireEvent.change(screen.getByPlaceholderText('请输入标题'), { target: { value: '通知' } });
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('请选择栏目'));
    expect(await listOutbox()).toHaveLength(0);
  });

  it('a draft with its channel is queued with the trimmed title and submit false', async () => {
    const router = renderPage(CHANNEL);
    fireEvent.change(await screen.findByPlaceholderText('请输入标题'), { target: { value: ' 放假通知 ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(async () => expect(await listOutbox()).toHaveLength(1));
    const [entry] = await listOutbox();
    expect(entry!.body).toMatchObject({ title: '放假通知', channelId: CHANNEL, submit: false, coverFileIds: [] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/news/my'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
