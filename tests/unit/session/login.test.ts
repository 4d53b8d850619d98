import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';

vi.mock('@/ui/feedback', () => ({
  toast: { fail: vi.fn(), info: vi.fn(), success: vi.fn(), clear: vi.fn() },
  dialog: { alert: vi.fn(async () => undefined), confirm: vi.fn(async () => true) },
}));

import { http } from '@/api/http';
import { encryptPassword, login } from '@/session/login';
import { getUid, setUid } from '@/lib/uid-store';
import { logout } from '@/session/logout';
import { onSessionEvent } from '@/lib/session-events';
import { setCurrentUser, userStore } from '@/session/user-store';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

const decrypt = (cipher: string) =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(cipher, 'base64'),
  ).toString('utf8');

let calls: InternalAxiosRequestConfig[] = [];
beforeEach(() => {
  calls = [];
  setUid(null);
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    calls.push(config);
    const data =
      config.url === '/api/oauth/publicKey'
        ? { code: 200, msg: '', data: publicKey }
        : config.url === '/api/oauth/login'
          ? { code: 200, msg: '登录成功', data: 'new-session' }
          : { code: 200, msg: '', data: null };
    return { status: 200, statusText: 'OK', data, headers: {}, config, request: {} };
  }) as AxiosAdapter;
});

describe('login (spec §3/§7)', () => {
  it('encrypts the password with RSA-OAEP so the server recovers it with SHA-256 OAEP', async () => {
    expect(globalThis.crypto.subtle).toBeDefined(); // the WebCrypto path, not the fallback
    expect(decrypt(await encryptPassword(publicKey, '密码123456'))).toBe('密码123456');
  });

  it('falls back to jsencrypt where the platform has no WebCrypto, with the same OAEP the server reads', async () => {
    const subtle = Object.getOwnPropertyDescriptor(globalThis.crypto, 'subtle');
    Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });
    try {
      expect(decrypt(await encryptPassword(publicKey, '密码123456'))).toBe('密码123456');
    } finally {
      if (subtle) Object.defineProperty(globalThis.crypto, 'subtle', subtle);
      else delete (globalThis.crypto as { subtle?: unknown }).subtle;
    }
  });

  it('fetches the key, posts the encrypted password with tenantId and clientType 2, and keeps the uid', async () => {
    await expect(login({ username: 'zhangsan', password: '123456' })).resolves.toBe('new-session');
    const post = calls.find((c) => c.url === '/api/oauth/login')!;
    const body = JSON.parse(post.data as string) as { username: string; password: string };
    expect(body.username).toBe('zhangsan');
    expect(decrypt(body.password)).toBe('123456');
    expect(post.headers.get('tenantId')).toBe('000000');
    expect(post.headers.get('clientType')).toBe('2');
    expect(post.headers.get('uid')).toBeUndefined();
    expect(getUid()).toBe('new-session');
    expect(localStorage.getItem('oa.lastUsername')).toBe('zhangsan');
  });
});

describe('logout (spec §4)', () => {
  it('revokes the session, clears uid, user, client id, permissions, roles and stored config, and says so', async () => {
    setUid('live');
    setCurrentUser({
      userVo: {
        id: 'u1',
        username: 'zhangsan',
        realName: '张三',
        orgId: 'o',
        postIds: [],
        mobile: null,
        email: null,
        avatar: null,
        gender: null,
        status: 'active',
      },
      orgName: '',
      signImg: null,
      orgFullName: '',
      orgFullId: '',
      gatewayUrl: '',
      fileBaseUrl: '',
      permissions: ['*:*:*'],
      roles: ['admin'],
    });
    localStorage.setItem('oa.clientId', 'cid');
    localStorage.setItem('oa.siteConfig', '{}');
    const heard = vi.fn();
    const off = onSessionEvent('logout', heard);
    await logout();
    off();
    expect(calls.some((c) => c.url === '/api/oauth/logout' && c.headers.get('uid') === 'live')).toBe(true);
    expect(getUid()).toBeNull();
    expect(userStore.get()).toEqual({ user: null, roles: [], permissions: [] });
    for (const key of ['oa.uid', 'oa.clientId', 'oa.siteConfig', 'oa.permissions', 'oa.roles'])
      expect(localStorage.getItem(key)).toBeNull();
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
