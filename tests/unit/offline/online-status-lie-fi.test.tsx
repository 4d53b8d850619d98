import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';

const feedback = vi.hoisted(() => ({
  toast: { fail: vi.fn(), info: vi.fn(), success: vi.fn(), clear: vi.fn() },
  dialog: { alert: vi.fn(async () => undefined), confirm: vi.fn(async () => true) },
}));
vi.mock('@/ui/feedback', () => feedback);

import { http, get, post } from '@/api/http';
import { OfflineBar } from '@/app/offline-bar';
import { isOnline, isUnreachable, reportResponse } from '@/offline/online-status';

/** A fake transport: `up` answers 200, otherwise every request dies without a response (lie-fi). */
const network = { up: false, urls: [] as string[] };
const transport = (async (config: InternalAxiosRequestConfig) => {
  network.urls.push(config.url ?? '');
  if (!network.up) throw Object.assign(new Error('Network Error'), { isAxiosError: true, config, code: 'ERR_NETWORK' });
  return {
    status: 200,
    statusText: 'OK',
    data: { code: 200, msg: '', data: 'fresh' },
    headers: {},
    config,
    request: {},
  };
}) as AxiosAdapter;

beforeEach(() => {
  http.defaults.adapter = transport;
  network.up = false;
  network.urls = [];
  vi.clearAllMocks();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  act(() => reportResponse());
  act(() => onlineManager.setOnline(true));
});

describe('lie-fi: navigator.onLine says true but nothing answers', () => {
  it('treats the app as offline after a read gets no response: offline bar, no 系统接口ror异常 toast on refetches', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OfflineBar />
      </QueryClientProvider>,
    );
    expect(screen.queryByText(/离线/)).toBeNull();
    for (let i = 0; i < 3; i += 1)
      await act(() => expect(get('/api/flow/task/todo')).rejects.toMatchObject({ kind: 'network' }));
    expect(isOnline()).toBe(false);
    expect(isUnreachable()).toBe(true);
    expect(await screen.findByText('离线')).toBeTruthy();
    expect(feedback.toast.fail).not.toHaveBeenCalled();
  });

  it('comes back online on the next response', async () => {
    await expect(get('/api/message/inbox')).rejects.toMatchObject({ kind: 'network' });
    expect(isOnline()).toBe(false);
    network.up = true;
    await expect(post('/api/flow/tasks/1/approve')).resolves.toBe('fresh');
    expect(isOnline()).toBe(true);
    expect(isUnreachable()).toBe(false);
  });

  it('notices the way back by itself with a quiet health probe while no query runs', async () => {
    vi.useFakeTimers();
    await expect(get('/api/message/inbox')).rejects.toMatchObject({ kind: 'network' });
    expect(isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(network.urls.at(-1)).toBe('/api/health');
    expect(isOnline()).toBe(false);
    network.up = true;
    await vi.advanceTimersByTimeAsync(6_000);
    expect(isOnline()).toBe(true);
    expect(feedback.toast.fail).not.toHaveBeenCalled();
  });

  it('still shows the §8 message for a single call the user made (a write)', async () => {
    await expect(post('/api/flow/tasks/1/approve', { comment: '同意' })).rejects.toMatchObject({ kind: 'network' });
    expect(feedback.toast.fail).toHaveBeenCalledWith('系统接口ror异常');
    expect(isOnline()).toBe(false);
  });

  it('leaves a real offline (navigator.onLine false) to the browser events', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    await expect(get('/api/message/inbox')).rejects.toMatchObject({ kind: 'offline' });
    expect(network.urls).toHaveLength(0);
    expect(isUnreachable()).toBe(false);
  });
});
