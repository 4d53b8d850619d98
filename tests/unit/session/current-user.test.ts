import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { CurrentUserData } from '@contract/auth';
import { http } from '@/api/http';
import { createAppQueryClient } from '@/app/query-client';
import { ensureCurrentUser, sessionKeys } from '@/session/current-user-query';
import { clearCurrentUser, userStore } from '@/session/user-store';

// The guard of every navigation asks ensureCurrentUser. Only the network under axios is scripted: it answers the
// user as the server holds them now (a signature saved since the device kept its copy).
const kept = {
  userVo: { id: 'u1', username: 'zhangsan', realName: '张三' },
  signImg: null,
  roles: ['staff'],
  permissions: [],
} as unknown as CurrentUserData;
const now: CurrentUserData = { ...kept, signImg: 'data:image/png;base64,AAAA' };
let asked = 0;

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  onlineManager.setOnline(online);
}

/** A client holding the copy restored from the device: the persistence marks restored data invalidated. */
async function restoredClient() {
  const client = createAppQueryClient();
  client.setQueryData(sessionKeys.currentUser('session-1'), kept);
  await client.invalidateQueries({ refetchType: 'none' });
  return client;
}

beforeEach(() => {
  asked = 0;
  clearCurrentUser();
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    if (config.url !== '/api/upms/user/current') throw new Error(`unexpected ${config.url}`);
    asked += 1;
    return {
      status: 200,
      statusText: '200',
      data: { code: 200, msg: '', data: now },
      headers: {},
      config,
      request: {},
    };
  }) as AxiosAdapter;
});
afterEach(() => setOnline(true));

describe('the current user on start', () => {
  it('online: the kept copy opens the app at once and is fetched again, so the screens show the server’s user', async () => {
    setOnline(true);
    const client = await restoredClient();
    expect(await ensureCurrentUser(client, 'session-1')).toBe(kept);
    await waitFor(() => expect(client.getQueryData(sessionKeys.currentUser('session-1'))).toEqual(now));
    expect(userStore.get().user?.signImg).toBe(now.signImg);
    expect(asked).toBe(1);
    // fresh now: the next navigations do not ask again
    await ensureCurrentUser(client, 'session-1');
    expect(asked).toBe(1);
  });

  it('offline: the kept copy is used and nothing is asked', async () => {
    setOnline(false);
    const client = await restoredClient();
    expect(await ensureCurrentUser(client, 'session-1')).toBe(kept);
    // nothing asked is an absence: a short look for a background revalidation that must not come
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toBe(0);
    expect(client.getQueryData(sessionKeys.currentUser('session-1'))).toBe(kept);
  });

  it('with nothing kept it waits for the server', async () => {
    setOnline(true);
    expect(await ensureCurrentUser(createAppQueryClient(), 'session-2')).toEqual(now);
  });
});
