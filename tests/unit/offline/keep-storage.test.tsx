import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';

vi.mock('@/ui/feedback', () => ({
  toast: { fail: vi.fn(), info: vi.fn(), success: vi.fn(), clear: vi.fn() },
  dialog: { alert: vi.fn(async () => undefined), confirm: vi.fn(async () => true) },
}));
vi.mock('@/session/logout', () => ({ signOut: vi.fn(async () => undefined), logout: vi.fn(async () => undefined) }));

import { dialog, toast } from '@/ui/feedback';
import { signOut } from '@/session/logout';
import { setUid } from '@/lib/uid-store';
import { emitSessionEvent } from '@/lib/session-events';
import { startOffline } from '@/offline/start-offline';
import { configureOutbox } from '@/offline/outbox-config';
import { sendOrQueue } from '@/offline/outbox';
import { listOutbox } from '@/offline/outbox-list';
import { LogoutButton } from '@/features/my/components/my-sections';
import { clearOutbox } from './outbox-harness';

/** The browser's storage manager: persist() answers `grant`; every call is recorded. */
function storageManager(grant = true) {
  const state = { persisted: false };
  const persist = vi.fn(async () => (state.persisted = grant));
  const persisted = vi.fn(async () => state.persisted);
  Object.defineProperty(navigator, 'storage', {
    value: { persist, persisted, estimate: async () => ({ usage: 0, quota: 1 }) },
    configurable: true,
  });
  return { persist, state };
}

// what an eviction does to IndexedDB: the data is gone (localStorage stays, like the session)
const evictMark = async () => {
  const { clear, createStore } = await import('idb-keyval');
  await clear(createStore('oa-storage-mark', 'mark'));
};

const send = vi.fn(async () => ({}));
let stops: (() => void)[] = [];
async function start(queryClient = new QueryClient()) {
  stops.push(await startOffline(queryClient, { send }));
  return queryClient;
}

beforeEach(() => {
  vi.mocked(toast.info).mockClear();
  vi.mocked(dialog.confirm).mockClear();
});
afterEach(async () => {
  stops.forEach((stop) => stop());
  stops = [];
  setUid(null);
  await clearOutbox();
});

describe('keeping the offline data', () => {
  it('asks for persistent storage when someone is signed in, and again after a login', async () => {
    const { persist } = storageManager(false);
    await start();
    expect(persist).not.toHaveBeenCalled(); // nobody signed in: nothing of anyone's to keep
    setUid('session-1');
    await emitSessionEvent('login');
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    stops.forEach((stop) => stop());
    stops = [];
    await start();
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(2), { timeout: 10_000 });
  });

  it('says so once and fetches again when the browser evicted the data anyway', async () => {
    storageManager(true);
    setUid('session-1');
    await start();
    await vi.waitFor(() => expect(localStorage.getItem('oa.storageKeptAt')).not.toBeNull(), { timeout: 10_000 });
    expect(toast.info).not.toHaveBeenCalled();
    stops.forEach((stop) => stop());
    stops = [];

    await evictMark();
    const queryClient = new QueryClient();
    const refetch = vi.spyOn(queryClient, 'invalidateQueries');
    await start(queryClient);
    await vi.waitFor(() => expect(toast.info).toHaveBeenCalledWith('离线数据已被浏览器清理，正在重新同步', true), {
      timeout: 10_000,
    });
    // every query is marked stale and what is on screen is fetched again
    expect(refetch).toHaveBeenCalledWith();
    stops.forEach((stop) => stop());
    stops = [];
    await start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toast.info).toHaveBeenCalledTimes(1);
  });
});

describe('退出登录 with writes still queued', () => {
  it('says how many are waiting, and takes them with the rest of the person’s data', async () => {
    configureOutbox({ getUserKey: () => 'user-1', isOnline: () => false, send });
    await sendOrQueue({ method: 'POST', url: '/api/flow/tasks/t1/approve', body: { opinion: '同意' }, label: '同意' });
    await sendOrQueue({ method: 'POST', url: '/api/flow/tasks/t2/reject', body: { opinion: '不同意' }, label: '驳回' });
    render(<LogoutButton />);
    await userEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await vi.waitFor(() => expect(signOut).toHaveBeenCalled(), { timeout: 10_000 });
    expect(dialog.confirm).toHaveBeenCalledWith({ content: '还有 2 项操作未同步，退出后将被清除。确定要退出登录吗？' });
    expect(await listOutbox()).toEqual([]);
  });

  it('keeps them when the person changes their mind', async () => {
    configureOutbox({ getUserKey: () => 'user-1', isOnline: () => false, send });
    await sendOrQueue({ method: 'POST', url: '/api/flow/tasks/t1/approve', body: { opinion: '同意' }, label: '同意' });
    vi.mocked(dialog.confirm).mockResolvedValueOnce(false);
    vi.mocked(signOut).mockClear();
    render(<LogoutButton />);
    await userEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await vi.waitFor(() => expect(dialog.confirm).toHaveBeenCalled(), { timeout: 10_000 });
    expect(signOut).not.toHaveBeenCalled();
    expect(await listOutbox()).toHaveLength(1);
  });
});
