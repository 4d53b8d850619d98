import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';

const feedback = vi.hoisted(() => ({
  toast: { fail: vi.fn(), info: vi.fn(), success: vi.fn(), clear: vi.fn() },
  dialog: { alert: vi.fn(async () => undefined), confirm: vi.fn(async () => true) },
}));
vi.mock('@/ui/feedback', () => feedback);

import { http, get, post, ApiError } from '@/api/http';
import { pendingRequests } from '@/api/pending-requests';
import { reportResponse } from '@/offline/online-status';
import { getUid, setUid } from '@/lib/uid-store';
import { onSessionEvent } from '@/lib/session-events';

type Reply = { status: number; data: unknown };
let seen: InternalAxiosRequestConfig[] = [];

function answer(reply: Reply | ((config: InternalAxiosRequestConfig) => Reply)): void {
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    seen.push(config);
    const { status, data } = typeof reply === 'function' ? reply(config) : reply;
    const response = { status, statusText: String(status), data, headers: {}, config, request: {} };
    if (status >= 200 && status < 300) return response;
    throw Object.assign(new Error(`Request failed with status code ${status}`), {
      isAxiosError: true,
      config,
      response,
      code: 'ERR_BAD_RESPONSE',
    });
  }) as AxiosAdapter;
}

function noAnswer(message: string): void {
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    seen.push(config);
    throw Object.assign(new Error(message), { isAxiosError: true, config, code: 'ERR_NETWORK' });
  }) as AxiosAdapter;
}

beforeEach(() => {
  seen = [];
  vi.clearAllMocks();
  setUid(null);
});
afterEach(() => {
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  reportResponse();
});

describe('request headers', () => {
  it('sends JSON, the module code of the third path segment, the source marker, client type 2 and the uid', async () => {
    setUid('session-token');
    answer({ status: 200, data: { code: 200, msg: '', data: [1] } });
    await expect(get('/api/flow/task/todo')).resolves.toEqual([1]);
    const headers = seen[0].headers;
    expect(headers.get('moduleCode')).toBe('flow');
    expect(headers.get('Content-Type')).toContain('application/json');
    expect(headers.get('source')).toBe('mobile');
    expect(headers.get('clientType')).toBe('2');
    expect(headers.get('uid')).toBe('session-token');
    expect(headers.get('baseUrl')).toBeTruthy();
  });

  it('leaves the uid out when the call opts out, and sends an Idempotency-Key when given', async () => {
    setUid('session-token');
    answer({ status: 200, data: { code: 200, msg: '', data: null } });
    await post('/api/oauth/login', {}, { noToken: true, idempotencyKey: 'k-1' });
    expect(seen[0].headers.get('uid')).toBeUndefined();
    expect(seen[0].headers.get('Idempotency-Key')).toBe('k-1');
  });
});

describe('error catalogue (spec §8)', () => {
  it('on 401 in the body clears the uid, tells 系统提示 / 登录状态已过期 in one 确认 dialog for parallel calls, then reports expiry', async () => {
    setUid('old');
    const expired = vi.fn();
    const off = onSessionEvent('expired', expired);
    answer({ status: 200, data: { code: 401, msg: '未登录', data: null } });
    const results = await Promise.allSettled([get('/api/upms/a'), get('/api/upms/b'), get('/api/upms/c')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(getUid()).toBeNull();
    await vi.waitFor(() => expect(expired).toHaveBeenCalledTimes(1));
    expect(feedback.dialog.alert).toHaveBeenCalledTimes(1);
    expect(feedback.dialog.alert).toHaveBeenCalledWith({
      title: '系统提示',
      content: '登录状态已过期',
      confirmText: '确认',
    });
    expect(feedback.dialog.confirm).not.toHaveBeenCalled();
    off();
  });

  it('treats an HTTP 401 the same way: one 确认 button, then logged out', async () => {
    setUid('old');
    const expired = vi.fn();
    const off = onSessionEvent('expired', expired);
    answer({ status: 401, data: { code: 401, msg: '登录已过期', data: null } });
    await expect(get('/api/upms/user/current')).rejects.toBeInstanceOf(ApiError);
    expect(getUid()).toBeNull();
    expect(feedback.dialog.alert).toHaveBeenCalledWith({
      title: '系统提示',
      content: '登录状态已过期',
      confirmText: '确认',
    });
    await vi.waitFor(() => expect(expired).toHaveBeenCalledTimes(1));
    off();
  });

  it('shows the server message of a 500 code as a failure toast', async () => {
    answer({ status: 200, data: { code: 500, msg: '服务器开小差了', data: null } });
    await expect(get('/api/upms/x')).rejects.toMatchObject({ kind: 'business', code: 500, message: '服务器开小差了' });
    expect(feedback.toast.fail).toHaveBeenCalledWith('服务器开小差了');
  });

  it('logs out on 55555 without a toast', async () => {
    const forced = vi.fn();
    const off = onSessionEvent('force-logout', forced);
    answer({ status: 200, data: { code: 55555, msg: '账号已停用', data: null } });
    await expect(get('/api/upms/x')).rejects.toBeInstanceOf(ApiError);
    expect(forced).toHaveBeenCalledTimes(1);
    expect(feedback.toast.fail).not.toHaveBeenCalled();
    off();
  });

  it('on 403 with code 40301 (initial password) shows the message and asks the shell to open 修改密码', async () => {
    const asked = vi.fn();
    const off = onSessionEvent('password-change-required', asked);
    answer({ status: 403, data: { code: 40301, msg: '请先修改初始密码', data: null } });
    await expect(get('/api/flow/counts')).rejects.toMatchObject({ kind: 'http', status: 403, code: 40301 });
    expect(asked).toHaveBeenCalledTimes(1);
    expect(feedback.toast.fail).toHaveBeenCalledWith('请先修改初始密码');
    // another 403 is only a message
    answer({ status: 403, data: { code: 403, msg: '无权操作', data: null } });
    await expect(get('/api/flow/counts')).rejects.toMatchObject({ status: 403 });
    expect(asked).toHaveBeenCalledTimes(1);
    off();
  });

  it('toasts any other non-200 code, unless the call is silent', async () => {
    answer({ status: 200, data: { code: 4001, msg: '数据已变更', data: null } });
    await expect(get('/api/upms/x')).rejects.toMatchObject({ code: 4001 });
    expect(feedback.toast.fail).toHaveBeenCalledWith('数据已变更');
    feedback.toast.fail.mockClear();
    await expect(get('/api/upms/x', undefined, { silent: true })).rejects.toMatchObject({ code: 4001 });
    expect(feedback.toast.fail).not.toHaveBeenCalled();
  });

  it.each([
    [502, { code: 502, msg: 'bad gateway', data: null }, '后台接口502异常！'],
    [404, { code: 404, msg: 'not found', data: null }, '后台接口404异常！'],
    [409, { code: 409, msg: '该任务已被他人处理', data: null }, '该任务已被他人处理'],
  ])('HTTP %i shows %s', async (status, body, message) => {
    answer({ status, data: body });
    await expect(get('/api/flow/x')).rejects.toMatchObject({ kind: 'http', status, message });
    expect(feedback.toast.fail).toHaveBeenCalledWith(message);
  });

  it('without an answer says 系统接口 + the last three characters of the error text + 异常', async () => {
    noAnswer('Network Error');
    await expect(post('/api/upms/x')).rejects.toMatchObject({ kind: 'network', message: '系统接口ror异常' });
    expect(feedback.toast.fail).toHaveBeenCalledWith('系统接口ror异常');
  });

  it('fails at once while the browser is offline, without touching the network', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    answer({ status: 200, data: { code: 200, msg: '', data: 1 } });
    await expect(get('/api/upms/x')).rejects.toMatchObject({ kind: 'offline' });
    expect(seen).toHaveLength(0);
    expect(pendingRequests.get()).toBe(0);
  });
});

describe('pending request tracking', () => {
  it('counts tracked requests until they settle and ignores noLoading ones', async () => {
    const waiting: (() => void)[] = [];
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      return { status: 200, statusText: 'OK', data: { code: 200, msg: '', data: 1 }, headers: {}, config, request: {} };
    }) as AxiosAdapter;
    const tracked = get('/api/upms/x');
    await vi.waitFor(() => expect(waiting).toHaveLength(1));
    expect(pendingRequests.get()).toBe(1);
    waiting[0]();
    await tracked;
    expect(pendingRequests.get()).toBe(0);
    const quiet = get('/api/upms/y', undefined, { noLoading: true });
    await vi.waitFor(() => expect(waiting).toHaveLength(2));
    expect(pendingRequests.get()).toBe(0);
    waiting[1]();
    await quiet;
  });
});

describe('server busy (503 + Retry-After)', () => {
  function busyTimes(n: number, method = 'get'): void {
    let calls = 0;
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      seen.push(config);
      calls += 1;
      const busy = calls <= n;
      const response = {
        status: busy ? 503 : 200,
        statusText: '',
        data: busy ? { code: 503, msg: '服务器繁忙，请稍后重试', data: null } : { code: 200, msg: '', data: method },
        headers: busy ? { 'retry-after': '1' } : {},
        config,
        request: {},
      };
      if (!busy) return response;
      throw Object.assign(new Error('Request failed with status code 503'), {
        isAxiosError: true,
        config,
        response,
        code: 'ERR_BAD_RESPONSE',
      });
    }) as AxiosAdapter;
  }
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a read again after Retry-After, quietly, until the server answers', async () => {
    busyTimes(2);
    const result = get('/api/flow/task/todo');
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('get');
    expect(seen).toHaveLength(3);
    expect(feedback.toast.fail).not.toHaveBeenCalled();
  });

  it('retries a write only when it carries an Idempotency-Key', async () => {
    busyTimes(1, 'post');
    const keyed = post('/api/flow/action', {}, { idempotencyKey: 'k-2' });
    await vi.runAllTimersAsync();
    await expect(keyed).resolves.toBe('post');
    expect(seen.map((c) => c.headers.get('Idempotency-Key'))).toEqual(['k-2', 'k-2']);

    seen = [];
    busyTimes(1, 'post');
    const plain = post('/api/flow/action', {}).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = await plain;
    expect(error).toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
    expect(feedback.toast.fail).toHaveBeenCalledWith('服务器繁忙，请稍后重试');
  });

  it('gives up after three retries and tells the user the server is busy', async () => {
    busyTimes(10);
    const result = get('/api/flow/task/todo').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await result).toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(4);
    expect(feedback.toast.fail).toHaveBeenCalledWith('服务器繁忙，请稍后重试');
  });
});
