import { beforeEach, describe, expect, it } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { CurrentUserData } from '@contract/auth';
import { http } from '@/api/http';
import { createAppQueryClient } from '@/app/query-client';
import { setUid } from '@/lib/uid-store';
import { sessionKeys } from '@/session/current-user-query';
import { PASSWORD_CHANGE_PATH } from '@/session/guard';
import { followPasswordGate } from '@/session/password-gate';

const user = (mustChangePassword: boolean) =>
  ({
    userVo: { id: 'u1', username: 'wangwu', realName: '王五' },
    roles: [],
    permissions: [],
    mustChangePassword,
  }) as unknown as CurrentUserData;
let server: CurrentUserData;
let asked = 0;

beforeEach(() => {
  asked = 0;
  setUid('session-1');
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    if (config.url !== '/api/upms/user/current') throw new Error(`unexpected ${config.url}`);
    asked += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { status: 200, statusText: 'OK', data: { code: 200, msg: '', data: server }, headers: {}, config };
  }) as AxiosAdapter;
});

describe('the server asks for the initial password to be changed (40301)', () => {
  it('refetches a fresh cached user, then opens 我的 once for parallel refusals', async () => {
    const client = createAppQueryClient();
    // the copy the app holds predates the flag (set by an import after the person signed in)
    client.setQueryData(sessionKeys.currentUser('session-1'), user(false));
    server = user(true);
    const went: string[] = [];
    await Promise.all([1, 2, 3].map(() => followPasswordGate(client, (to) => went.push(to))));
    expect(went).toEqual([PASSWORD_CHANGE_PATH]);
    expect(asked).toBe(1);
    // the guard of every navigation and 我的 now read the flag
    expect(client.getQueryData<CurrentUserData>(sessionKeys.currentUser('session-1'))?.mustChangePassword).toBe(true);
  });

  it('stays where it is when the password was changed meanwhile', async () => {
    const client = createAppQueryClient();
    server = user(false);
    const went: string[] = [];
    await followPasswordGate(client, (to) => went.push(to));
    expect(went).toEqual([]);
  });
});
