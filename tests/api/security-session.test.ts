import { describe, expect, it } from 'vitest';
import { api, encryptPassword, loginAs } from '../factories/test-server';
import { drivers, useServer } from './support/server';

describe.each(drivers)('sessions and login throttling on %s', (driver) => {
  const ctx = useServer(driver);

  const attempt = async (username: string, password: string, headers: Record<string, string> = {}) => {
    const key = (await api(ctx.server.baseUrl).get<string>('/api/oauth/publicKey')).body.data;
    return api(ctx.server.baseUrl).post<string>(
      '/api/oauth/login',
      { username, password: encryptPassword(key, password) },
      headers,
    );
  };

  it('hands out a fresh opaque token per login and revokes only the session that logs out', async () => {
    const phone = await loginAs(ctx.server.baseUrl, 'lisi', '123456');
    const pad = await loginAs(ctx.server.baseUrl, 'lisi', '123456');
    expect(phone).not.toBe(pad);
    const me = await api(ctx.server.baseUrl, phone).get<{ userVo: { id: string } }>('/api/upms/user/current');
    expect(phone).not.toContain(me.body.data.userVo.id);
    expect(phone).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    expect((await api(ctx.server.baseUrl, phone).post('/api/oauth/logout')).status).toBe(200);
    expect((await api(ctx.server.baseUrl, phone).get('/api/upms/user/current')).status).toBe(401);
    // a revoked token stays dead: logging out again or calling any other route does not bring it back
    expect((await api(ctx.server.baseUrl, phone).post('/api/oauth/logout')).status).toBe(401);
    expect((await api(ctx.server.baseUrl, phone).get('/api/message/badges')).status).toBe(401);
    expect((await api(ctx.server.baseUrl, pad).get('/api/upms/user/current')).status).toBe(200);
  });

  it('ends an expired session everywhere, including download links', async () => {
    const uid = await loginAs(ctx.server.baseUrl, 'wangwu', '123456');
    await ctx.expire(uid);
    for (const path of [
      '/api/upms/user/current',
      '/api/message/inbox',
      `/api/form/common/api/downloadFile?fileName=x&uid=${uid}`,
    ]) {
      const res = await api(ctx.server.baseUrl, path.includes('uid=') ? null : uid).get(path);
      expect([path, res.status, res.body.msg]).toEqual([path, 401, '登录状态已过期']);
    }
  });

  it('accepts the uid in the query string only on download and preview links', async () => {
    const uid = await loginAs(ctx.server.baseUrl, 'zhangsan', '123456');
    for (const path of ['/api/upms/user/current', '/api/message/inbox', '/api/message/badges']) {
      expect([path, (await api(ctx.server.baseUrl).get(`${path}?uid=${uid}`)).status]).toEqual([path, 401]);
    }
  });

  it('locks one account after 5 failures without locking its colleagues', async () => {
    for (let i = 0; i < 5; i += 1) expect((await attempt('zhaoliu', 'wrong')).status).toBe(400);
    const locked = await attempt('zhaoliu', '123456');
    expect([locked.status, locked.body.msg]).toEqual([429, '登录失败次数过多，请15分钟后再试']);
    expect((await attempt('hejing', '123456')).status).toBe(200);
  });

  it('throttles one address after 30 failures across many accounts, and a forged X-Forwarded-For does not help', async () => {
    // earlier tests in this file already failed from this address, so count until the throttle answers
    let failures = 0;
    for (let i = 0; i < 40; i += 1) {
      const res = await attempt(`nobody${i}`, 'wrong', { 'x-forwarded-for': `10.0.${i}.1` });
      if (res.status === 429) break;
      expect(res.status).toBe(400);
      failures += 1;
    }
    expect(failures).toBeGreaterThan(0);
    expect(failures).toBeLessThanOrEqual(30);
    const blocked = await attempt('zhengyu', '123456', { 'x-forwarded-for': '10.9.9.9' });
    expect([blocked.status, blocked.body.msg]).toEqual([429, '登录失败次数过多，请15分钟后再试']);
  });
});

describe.each(drivers)('link tickets instead of the session token in URLs on %s', (driver) => {
  const ctx = useServer(driver);

  it('opens the SSE stream with a 60 s ticket for that path only, never another route, and ends it with the session', async () => {
    const uid = await loginAs(ctx.server.baseUrl, 'hejing', '123456');
    const me = api(ctx.server.baseUrl, uid);
    const issued = await me.post<string>('/api/oauth/ticket', { path: '/api/events' });
    expect(issued.status).toBe(200);
    const ticket = issued.body.data;
    expect(ticket).not.toContain(uid);
    const open = async (path: string) => {
      const sse = new AbortController();
      const res = await fetch(`${ctx.server.baseUrl}${path}?ticket=${encodeURIComponent(ticket)}`, {
        signal: sse.signal,
      });
      sse.abort();
      return res.status;
    };
    expect(await open('/api/events')).toBe(200);
    // single-purpose: not for a preview link, and no header-only route takes it at all
    expect(await open('/api/form/common/api/preview')).toBe(401);
    expect(await open('/api/upms/user/current')).toBe(401);
    expect(await open('/api/events'.replace('events', 'events/'))).not.toBe(200);
    const forged = `${ticket.split('.')[0]}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    expect((await fetch(`${ctx.server.baseUrl}/api/events?ticket=${forged}`)).status).toBe(401);
    expect((await api(ctx.server.baseUrl).post('/api/oauth/ticket', { path: '/api/events' })).status).toBe(401);

    await me.post('/api/oauth/logout');
    expect(await open('/api/events')).toBe(401);
  });
});
