import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';

vi.mock('@/ui/feedback', () => ({
  toast: { fail: vi.fn(), info: vi.fn(), success: vi.fn(), clear: vi.fn() },
  dialog: { alert: vi.fn(async () => undefined), confirm: vi.fn(async () => true) },
}));

import { http } from '@/api/http';
import { resolveUidFromUrl } from '@/session/uid-sources';
import { getUid, setUid } from '@/lib/uid-store';

let calls: InternalAxiosRequestConfig[] = [];
beforeEach(() => {
  calls = [];
  setUid(null);
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    calls.push(config);
    const data = config.url?.includes('ding/talk') ? { uid: 'ding-session', path: '/follow/index' } : config.url?.includes('thirdparty') ? 'token-session' : null;
    return { status: 200, statusText: 'OK', data: { code: 200, msg: '', data }, headers: {}, config, request: {} };
  }) as AxiosAdapter;
});

function visit(url: string) {
  window.history.replaceState(null, '', url);
  return { href: window.location.href, pathname: window.location.pathname };
}

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

  it('exchanges a workplace-chat auth code and returns the path to open', async () => {
    const path = await resolveUidFromUrl(visit('/openApp?code=c-9'));
    expect(calls[0].url).toBe('/api/mobile/ding/talk/login');
    expect(calls[0].params).toEqual({ code: 'c-9', path: '/openApp' });
    expect(getUid()).toBe('ding-session');
    expect(path).toBe('/follow/index');
  });

  it('binds an app client id to the session', async () => {
    setUid('s-1');
    await resolveUidFromUrl(visit('/phonehome?cid=device-7'));
    expect(calls[0].url).toBe('/api/mobile/uni/app/login');
    expect(calls[0].params).toEqual({ cid: 'device-7', path: '/phonehome' });
    expect(localStorage.getItem('oa.clientId')).toBe('device-7');
  });

  it('does nothing without any of those parameters', async () => {
    await expect(resolveUidFromUrl(visit('/phonehome?x=1'))).resolves.toBeUndefined();
    expect(calls).toHaveLength(0);
    expect(getUid()).toBeNull();
  });
});
