import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { Badges } from '@contract/message';
import { http } from '@/api/http';
import { messageKeys } from '@/api/message';
import { setUid } from '@/lib/uid-store';
import { logout } from '@/session/logout';
import { PhoneHomePage } from '@/features/home/components/phone-home-page';
import { PadWorktablePage } from '@/features/pad/components/pad-worktable-page';

// Issue 30.1 / 47.2: the app icon's badge (Badging API, a browser API stubbed here) counts the unread messages.
let unread = 3;
const badges = (): Badges => ({ flow: 4, news: 1, mail: 2, meeting: 0, message: unread });
let setAppBadge: ReturnType<typeof vi.fn>;
let clearAppBadge: ReturnType<typeof vi.fn>;

beforeEach(() => {
  unread = 3;
  setAppBadge = vi.fn(() => Promise.resolve());
  clearAppBadge = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'setAppBadge', { value: setAppBadge, configurable: true, writable: true });
  Object.defineProperty(navigator, 'clearAppBadge', { value: clearAppBadge, configurable: true, writable: true });
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const data =
      url === '/api/message/badges' ? badges() : url === '/api/message/inbox' ? { rows: [], total: 0 } : null;
    return { status: 200, statusText: '200', data: { code: 200, msg: '', data }, headers: {}, config, request: {} };
  }) as AxiosAdapter;
});

afterEach(() => {
  delete (navigator as unknown as Record<string, unknown>).setAppBadge;
  delete (navigator as unknown as Record<string, unknown>).clearAppBadge;
});

function renderHome(tablet = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute();
  const entries = [
    {
      key: 'follow',
      title: '审批',
      to: '/follow',
      badge: 'flow' as const,
      color: '#1063e0',
      icon: 'M0 0h24v24H0z',
      order: 1,
    },
  ];
  const home = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => (tablet ? <PadWorktablePage entries={entries} /> : <PhoneHomePage entries={entries} />),
  });
  const router = createRouter({
    routeTree: root.addChildren([home]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('the app icon badge', () => {
  it('shows the unread message count when the home badges load, follows a change, and clears at 0', async () => {
    const queryClient = renderHome();
    await waitFor(() => expect(setAppBadge).toHaveBeenCalledWith(3));
    expect(await screen.findByText('审批')).toBeTruthy();
    unread = 5;
    await queryClient.invalidateQueries({ queryKey: messageKeys.badges });
    await waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(5));
    unread = 0;
    await queryClient.invalidateQueries({ queryKey: messageKeys.badges });
    await waitFor(() => expect(clearAppBadge).toHaveBeenCalled());
    expect(setAppBadge).not.toHaveBeenCalledWith(0);
  });

  it('the tablet 工作台 sets it as well', async () => {
    renderHome(true);
    await waitFor(() => expect(setAppBadge).toHaveBeenCalledWith(3));
  });

  it('is cleared at logout', async () => {
    setUid('live');
    await logout();
    expect(clearAppBadge).toHaveBeenCalled();
  });

  it('a browser without the Badging API still shows the home badges', async () => {
    delete (navigator as unknown as Record<string, unknown>).setAppBadge;
    delete (navigator as unknown as Record<string, unknown>).clearAppBadge;
    renderHome();
    expect((await screen.findByText('条待办')).parentElement!.textContent).toBe('4条待办');
  });
});
