import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, onlineManager } from '@tanstack/react-query';
import type { CurrentUserData } from '@contract/auth';
import { dropOfflineIndex, offlineIndexSize, searchOffline } from '@/features/search/offline/offline-search';
import { warmOfflineIndex } from '@/features/search/offline/warm-offline-index';
import { clearCurrentUser, userStore } from '@/session/user-store';
import { benchCache } from '../../../bench/lib/search-offline-data';
import { seededClient } from './cached-fixture';

const signIn = (id: string) =>
  userStore.set({ user: { userVo: { id } } as CurrentUserData, roles: [], permissions: [] });

/** Long enough for the idle wait, the chunk's import and a few idle slices of the small cache. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

let stop = () => {};
afterEach(() => {
  stop();
  onlineManager.setOnline(true);
  clearCurrentUser();
  dropOfflineIndex();
  vi.unstubAllGlobals();
});

describe('offline index built ahead of need', () => {
  it('is built in idle time once the app goes offline with someone signed in, no search typed', async () => {
    const idle = vi.fn((fn: IdleRequestCallback) =>
      setTimeout(() => fn({ didTimeout: false, timeRemaining: () => 10 }), 1),
    );
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
    const client = seededClient();
    signIn('u1');
    stop = warmOfflineIndex(client);
    await settle();
    expect(offlineIndexSize()).toBe(0);

    onlineManager.setOnline(false);
    await vi.waitFor(() => expect(offlineIndexSize()).toBe(7), { timeout: 5_000 });
    expect(idle).toHaveBeenCalled();
    // the search finds it ready, and a change to the cache after the build is still re-indexed alone
    client.removeQueries({ queryKey: ['mail'] });
    expect((await searchOffline(client, 'u1', '发票')).groups).toEqual([]);
    expect((await searchOffline(client, 'u1', '报销')).groups[0]?.rows[0]?.title).toBe('张三的报销');
  });

  it('is not built while online, nor offline with nobody signed in', async () => {
    const client = seededClient();
    stop = warmOfflineIndex(client);
    signIn('u1');
    await settle();
    expect(offlineIndexSize()).toBe(0);
    clearCurrentUser();
    onlineManager.setOnline(false);
    await settle();
    expect(offlineIndexSize()).toBe(0);
  });

  it('is not built when the app is back online before the page was idle', async () => {
    const client = seededClient();
    signIn('u1');
    stop = warmOfflineIndex(client);
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await settle();
    expect(offlineIndexSize()).toBe(0);
  });

  it('stops building, and keeps nothing half built, when the app is back online meanwhile', async () => {
    const client = new QueryClient();
    for (const [key, data] of benchCache()) client.setQueryData(key, data);
    signIn('u3');
    stop = warmOfflineIndex(client);
    onlineManager.setOnline(false);
    await vi.waitFor(() => expect(offlineIndexSize()).toBeGreaterThan(0), { timeout: 10_000 });
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(offlineIndexSize()).toBe(0), { timeout: 5_000 });
  }, 30_000);
});
