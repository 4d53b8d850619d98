import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider, onlineManager } from '@tanstack/react-query';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { NewsDetail } from '@contract/news';
import { http } from '@/api/http';
import { createAppQueryClient } from '@/app/query-client';
import { setUid } from '@/lib/uid-store';
import { configureOutbox } from '@/offline/outbox-config';
import { httpSender } from '@/offline/http-sender';
import { listOutbox } from '@/offline/outbox';
import { useRecordView } from '@/features/news/api/interact';

// Opening an article offline (issue 28.9): the real hook, outbox and HTTP client; only the network under axios is
// scripted. A view is no write of the user's, so 待同步 (the outbox) must not grow however often it is opened.
const article = {
  id: '33333333-3333-4333-8333-333333333333',
  title: '关于春节放假安排的通知',
  status: 'published',
  read: false,
} as NewsDetail;

let posts: string[] = [];
function serverCountsViews() {
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    posts.push(`${config.method} ${config.url}`);
    return {
      status: 200,
      statusText: '200',
      data: { code: 200, msg: '', data: { viewCount: 1 } },
      headers: {},
      config,
      request: {},
    };
  }) as AxiosAdapter;
}
function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  onlineManager.setOnline(online);
}

function openArticleHook() {
  // the app's own client: mutations run offline too (networkMode always), as in the browser
  const queryClient = createAppQueryClient();
  configureOutbox({ send: httpSender, getUserKey: () => 'wangwu', isOnline: () => navigator.onLine, queryClient });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useRecordView(), { wrapper }).result;
}

beforeEach(() => {
  posts = [];
  setUid('session-wangwu');
  serverCountsViews();
  setOnline(true);
});
afterEach(() => {
  setOnline(true);
  setUid(null);
});

describe('opening a news article offline', () => {
  it('adds nothing to 待同步, however often it is opened, and counts the view once when the network returns', async () => {
    const view = openArticleHook();
    setOnline(false);
    for (let i = 0; i < 3; i++) await act(() => view.current.mutateAsync(article));
    expect(await listOutbox()).toEqual([]);
    expect(posts).toEqual([]);

    act(() => setOnline(true));
    await waitFor(() => expect(posts).toEqual([`post /api/news/articles/${article.id}/view`]));
    expect(await listOutbox()).toEqual([]);
    // sent: opening it again online sends a view the server ignores, and nothing is left waiting
    await act(() => view.current.mutateAsync(article));
    expect(posts).toHaveLength(2);
    expect(await listOutbox()).toEqual([]);
  });
});
