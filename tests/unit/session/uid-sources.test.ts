import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';

vi.mock('@/ui/feedback', () => ({
  toast: { fail: vi.fn(), info: vi.fn(), success: vi.fn(), clear: vi.fn() },
  dialog: { alert: vi.fn(async () => undefined), confirm: vi.fn(async () => true) },
}));

vi.mock('@/api/host/dingtalk-container', () => ({
  dingTalkAuthCode: vi.fn(async (corpId: string) => `dd-code-of-${corpId}`),
}));

import { http } from '@/api/http';
import { LOGIN_NOTICE_KEY, resolveUidFromUrl } from '@/session/uid-sources';
import { getUid, setUid } from '@/lib/uid-store';

type Reply = { status?: number; body: { code: number; msg: string; data: unknown } };
let calls: InternalAxiosRequestConfig[] = [];
let reply: (config: InternalAxiosRequestConfig) => Reply;

const ok = (data: unknown): Reply => ({ body: { code: 200, msg: '', data } });
const standard = (config: InternalAxiosRequestConfig): Reply =>
  config.url?.includes('ding/talk')
    ? ok({ uid: 'ding-session', path: '/follow/waitList?tab=1' })
    : config.url?.includes('wecom/login')
      ? ok({ uid: 'wecom-session', path: '/follow/waitList?tab=1' })
      : config.url?.includes('thirdparty')
        ? ok('token-session')
        : config.url?.includes('uni/app/login') && !new Headers(config.headers as HeadersInit).get('uid')
          ? ok({ uid: 'device-session', path: '/meeting/index?tab=2' })
          : ok(null);

beforeEach(() => {
  calls = [];
  reply = standard;
  setUid(null);
  sessionStorage.clear();
  localStorage.clear();
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    calls.push(config);
    const { status = 200, body } = reply(config);
    if (status >= 400)
      throw Object.assign(new Error(`Request failed with status code ${status}`), {
        isAxiosError: true,
        code: 'ERR_BAD_REQUEST',
        config,
        response: { status, data: body, headers: {}, config },
      });
    return { status, statusText: 'OK', data: body, headers: {}, config, request: {} };
  }) as AxiosAdapter;
});

function visit(url: string) {
  window.history.replaceState(null, '', url);
  return { href: window.location.href, pathname: window.location.pathname };
}
const address = () => `${window.location.pathname}${window.location.search}`;

describe('uid sources (spec §4)', () => {
  it('takes a uid query parameter and removes it from the address', async () => {
    await resolveUidFromUrl(visit('/phonehome?uid=abc&tab=1'));
    expect(getUid()).toBe('abc');
    expect(window.location.search).toBe('?tab=1');
    expect(calls).toHaveLength(0);
  });

  it('exchanges a URL token at /api/oauth/thirdparty/login', async () => {
    await resolveUidFromUrl(visit('/phonehome?token=jwt-1'));
    const call = calls[0];
    expect(call.url).toBe('/api/oauth/thirdparty/login');
    expect(JSON.parse(call.data as string)).toEqual({ token: 'jwt-1' });
    expect(getUid()).toBe('token-session');
    expect(window.location.search).toBe('');
  });

  it('binds an app client id to the session', async () => {
    setUid('s-1');
    await resolveUidFromUrl(visit('/phonehome?cid=device-7'));
    expect(calls[0].url).toBe('/api/mobile/uni/app/login');
    expect(calls[0].params).toEqual({ cid: 'device-7', path: '/phonehome' });
    expect(getUid()).toBe('s-1');
    expect(localStorage.getItem('oa.clientId')).toBe('device-7');
  });

  it('gets a uid from an app client id when nobody is signed in, and opens the path it answers', async () => {
    const opened = await resolveUidFromUrl(visit('/meeting/index?cid=device-7&tab=2'));
    expect(calls[0].url).toBe('/api/mobile/uni/app/login');
    expect(calls[0].params).toEqual({ cid: 'device-7', path: '/meeting/index?tab=2' });
    expect(getUid()).toBe('device-session');
    expect(opened).toBe('/meeting/index?tab=2');
    expect(address()).toBe('/meeting/index?tab=2');
  });

  it('explains on the login screen why a client id gave no session', async () => {
    reply = () => ({ status: 400, body: { code: 400, msg: '该设备尚未绑定账号，请先登录', data: null } });
    await resolveUidFromUrl(visit('/phonehome?cid=device-8'));
    expect(getUid()).toBeNull();
    expect(sessionStorage.getItem(LOGIN_NOTICE_KEY)).toBe('该设备尚未绑定账号，请先登录');
    expect(address()).toBe('/phonehome');
  });

  it('does nothing without any of those parameters', async () => {
    await expect(resolveUidFromUrl(visit('/phonehome?x=1'))).resolves.toBeUndefined();
    expect(calls).toHaveLength(0);
    expect(getUid()).toBeNull();
  });
});

describe("a page's own `code` is never a DingTalk auth code (28.1)", () => {
  it.each([
    '/meeting/scanCodePage?code=eyJtIjoiMSJ9.c2ln',
    '/customModule/list?code=vehicle',
    '/customModule/detail?code=vehicle&id=8f0c2a7e-3a0b-4c55-9d0e-1b2c3d4e5f60',
  ])('leaves %s alone: no DingTalk call, the parameter stays', async (url) => {
    setUid('s-1');
    await expect(resolveUidFromUrl(visit(url))).resolves.toBeUndefined();
    expect(calls).toHaveLength(0);
    expect(address()).toBe(url);
    expect(getUid()).toBe('s-1');
  });
});

describe('the DingTalk entry /dingtalk?code=…&path=…', () => {
  it('exchanges the code with the path to open, and opens the path the login answers', async () => {
    const opened = await resolveUidFromUrl(
      visit(`/dingtalk?code=c-9&path=${encodeURIComponent('/follow/waitList?tab=1')}`),
    );
    expect(calls[0].url).toBe('/api/mobile/ding/talk/login');
    expect(calls[0].params).toEqual({ code: 'c-9', path: '/follow/waitList?tab=1' });
    expect(getUid()).toBe('ding-session');
    expect(opened).toBe('/follow/waitList?tab=1');
    expect(address()).toBe('/follow/waitList?tab=1');
  });

  it("takes the authCode DingTalk's OAuth redirect adds", async () => {
    await resolveUidFromUrl(visit('/dingtalk?path=%2Fmeeting%2Findex&authCode=a-7&state=x'));
    expect(calls[0].params).toEqual({ code: 'a-7', path: '/meeting/index' });
    expect(getUid()).toBe('ding-session');
  });

  it('honours the path the server answers, not the one asked for', async () => {
    reply = () => ok({ uid: 'ding-session', path: '/meeting/index' });
    await resolveUidFromUrl(visit('/dingtalk?code=c-9&path=%2Fphonehome'));
    expect(address()).toBe('/meeting/index');
  });

  it('asks for the root when no path came, and never opens another site', async () => {
    reply = () => ok({ uid: 'ding-session', path: '//evil.example.com/' });
    await resolveUidFromUrl(visit('/dingtalk?code=c-9&path=%2F%2Fevil.example.com'));
    expect(calls[0].params).toEqual({ code: 'c-9', path: '/' });
    expect(address()).toBe('/');
  });

  it('sends a refused code to the login screen with the reason in Chinese, keeping where to go', async () => {
    reply = () => ({ status: 400, body: { code: 400, msg: '钉钉授权失败：无效的code', data: null } });
    await resolveUidFromUrl(visit(`/dingtalk?code=old&path=${encodeURIComponent('/meeting/index')}`));
    expect(getUid()).toBeNull();
    expect(sessionStorage.getItem(LOGIN_NOTICE_KEY)).toBe('钉钉授权失败：无效的code');
    expect(address()).toBe(`/login?redirect=${encodeURIComponent('/meeting/index')}`);
  });

  it('explains a missing code, or an unreachable server, without English words', async () => {
    await resolveUidFromUrl(visit('/dingtalk'));
    expect(calls).toHaveLength(0);
    expect(sessionStorage.getItem(LOGIN_NOTICE_KEY)).toBe('钉钉登录失败：缺少授权码，请从钉钉重新打开');
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK', config });
    }) as AxiosAdapter;
    await resolveUidFromUrl(visit('/dingtalk?code=c-9'));
    expect(sessionStorage.getItem(LOGIN_NOTICE_KEY)).toBe('钉钉登录失败，请使用账号密码登录');
  });
});

describe('the WeCom entry /wecom?code=…&path=…', () => {
  it('exchanges the code at /api/mobile/wecom/login and opens the path it answers', async () => {
    const opened = await resolveUidFromUrl(
      visit(`/wecom?code=w-1&path=${encodeURIComponent('/follow/waitList?tab=1')}`),
    );
    expect(calls[0].url).toBe('/api/mobile/wecom/login');
    expect(calls[0].params).toEqual({ code: 'w-1', path: '/follow/waitList?tab=1' });
    expect(getUid()).toBe('wecom-session');
    expect(opened).toBe('/follow/waitList?tab=1');
    expect(address()).toBe('/follow/waitList?tab=1');
  });

  it("tells the server's Chinese reason on the login screen, which still opens the path", async () => {
    reply = () => ({ status: 400, body: { code: 400, msg: '该企业微信账号未关联系统用户', data: null } });
    await resolveUidFromUrl(visit(`/wecom?code=w-2&path=${encodeURIComponent('/meeting/index')}`));
    expect(getUid()).toBeNull();
    expect(sessionStorage.getItem(LOGIN_NOTICE_KEY)).toBe('该企业微信账号未关联系统用户');
    expect(address()).toBe(`/login?redirect=${encodeURIComponent('/meeting/index')}`);
  });

  it("without a code, asks the server for WeCom's authorize page (not configured: says so)", async () => {
    reply = () => ({ status: 400, body: { code: 400, msg: '未配置企业微信登录', data: null } });
    await resolveUidFromUrl(visit('/wecom?path=%2Fphonehome'));
    expect(calls[0].url).toBe('/api/mobile/wecom/authorize');
    expect(calls[0].params).toEqual({ path: '/phonehome' });
    expect(sessionStorage.getItem(LOGIN_NOTICE_KEY)).toBe('未配置企业微信登录');
    expect(address()).toBe(`/login?redirect=${encodeURIComponent('/phonehome')}`);
  });
});

describe('the DingTalk entry inside DingTalk, without a code', () => {
  it('asks DingTalk for a login code for the corp the link names, then signs in with it', async () => {
    const ua = navigator.userAgent;
    Object.defineProperty(navigator, 'userAgent', { value: `${ua} DingTalk/7.6.0`, configurable: true });
    try {
      const opened = await resolveUidFromUrl(visit('/dingtalk?path=%2Ffollow%2FwaitList%3Ftab%3D1&corpId=ding-corp'));
      expect(calls[0].url).toBe('/api/mobile/ding/talk/login');
      expect(calls[0].params).toEqual({ code: 'dd-code-of-ding-corp', path: '/follow/waitList?tab=1' });
      expect(getUid()).toBe('ding-session');
      expect(opened).toBe('/follow/waitList?tab=1');
    } finally {
      Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
    }
  });
});
