import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { Route as OpenAppRoute } from '@/routes/openApp';
import { APP_HANDOVER_MS } from '@/features/auth/native-app';

// Only the hand-over to the OS is replaced (a browser cannot follow oamobile:// here); the page, its timer and its
// watch on the page being hidden are real.
const openNativeApp = vi.hoisted(() => vi.fn());
vi.mock('@/features/auth/native-app', async (importActual) => ({
  ...(await importActual<typeof import('@/features/auth/native-app')>()),
  openNativeApp,
}));

function renderOpenApp(url: string) {
  const root = createRootRoute();
  const openApp = createRoute({
    getParentRoute: () => root,
    path: '/openApp',
    validateSearch: OpenAppRoute.options.validateSearch,
    component: OpenAppRoute.options.component,
  });
  const target = createRoute({
    getParentRoute: () => root,
    path: '/followWaitDetail',
    component: () => <p>待办详情页</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([openApp, target]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

const setVisibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  openNativeApp.mockReset();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('/openApp', () => {
  const page = '/followWaitDetail?taskId=t1';

  it('opens the native app by its link scheme at the requested page; when the app takes over, stays out of the way', async () => {
    renderOpenApp(`/openApp?path=${encodeURIComponent(page)}`);
    expect(await screen.findByText('正在打开应用...')).toBeTruthy();
    expect(openNativeApp).toHaveBeenCalledWith(`oamobile://open?path=${encodeURIComponent(page)}`);
    expect(screen.getByRole('link', { name: '打开应用' }).getAttribute('href')).toBe(
      `oamobile://open?path=${encodeURIComponent(page)}`,
    );
    expect(screen.queryByRole('button', { name: '在浏览器中继续' })).toBeNull();
    act(() => setVisibility('hidden'));
    act(() => void vi.advanceTimersByTime(APP_HANDOVER_MS + 100));
    expect(screen.getByRole('status').textContent).toBe('已在应用中打开');
    expect(screen.queryByText(/未能打开应用/)).toBeNull();
  });

  it('without the app (the page is never hidden) offers 在浏览器中继续, which opens the same page here', async () => {
    const router = renderOpenApp(`/openApp?path=${encodeURIComponent(page)}`);
    await screen.findByText('正在打开应用...');
    act(() => void vi.advanceTimersByTime(APP_HANDOVER_MS + 100));
    expect(screen.getByRole('status').textContent).toBe('未能打开应用，可以在浏览器中继续使用');
    fireEvent.click(screen.getByRole('button', { name: '在浏览器中继续' }));
    expect(await screen.findByText('待办详情页')).toBeTruthy();
    expect(router.state.location.href).toBe(page);
  });

  it('never follows a path off the site (//evil.example), falling back to the home page link', async () => {
    renderOpenApp(`/openApp?path=${encodeURIComponent('//evil.example/x')}`);
    await screen.findByText('正在打开应用...');
    expect(openNativeApp).toHaveBeenCalledWith(`oamobile://open?path=${encodeURIComponent('/')}`);
  });
});
