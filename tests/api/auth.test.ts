import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CurrentUserData } from '../../contract/auth';
import { api, encryptPassword, loginAs } from '../factories/test-server';
import { drivers, useServer } from './support/server';

const jwtSecret = 'test-thirdparty-secret';

function jwt(payload: Record<string, unknown>, secret = jwtSecret, alg = 'HS256'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg, typ: 'JWT' })}.${part(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe.each(drivers)('auth and session on %s', (driver) => {
  const ctx = useServer(driver, { env: { THIRDPARTY_JWT_SECRET: jwtSecret } });
  const anon = () => api(ctx.server.baseUrl);

  async function login(username: string, password: string) {
    const key = await anon().get<string>('/api/oauth/publicKey');
    return anon().post<string>('/api/oauth/login', { username, password: encryptPassword(key.body.data, password) });
  }

  it('answers health with a database ping', async () => {
    const res = await anon().get<{ status: string; driver: string }>('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, data: { status: 'ok', driver } });
  });

  it('hands out an SPKI PEM public key', async () => {
    const res = await anon().get<string>('/api/oauth/publicKey');
    expect(res.body.data).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n?$/);
  });

  it('logs in with the RSA round trip and returns an opaque ≥128-bit token', async () => {
    const res = await login('zhangsan', '123456');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(Buffer.from(res.body.data, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(res.body.data).not.toContain('zhangsan');
  });

  it('gives the same message for a wrong password and an unknown user', async () => {
    const wrong = await login('wangfang', 'not-the-password');
    const unknown = await login('nobody-here', '123456');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, msg: '用户名或密码错误', data: null });
    }
  });

  it('rejects a password it cannot decrypt', async () => {
    for (const password of ['bm90LWVuY3J5cHRlZA==', 'x'.repeat(344), '%%%']) {
      const res = await anon().post('/api/oauth/login', { username: 'zhangsan', password });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('密码解密失败，请刷新页面后重试');
    }
  });

  it('locks an account for 15 minutes after 5 failures (429), even with the right password', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login('zhoupeng', 'wrong')).status).toBe(400);
    const locked = await login('zhoupeng', '123456');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 429, msg: '登录失败次数过多，请15分钟后再试' });
  });

  it('lets a whole office behind one address sign in: only failures count against the address', async () => {
    for (let round = 0; round < 8; round += 1) {
      const people = ['fengtao', 'wuhao', 'zhengwei', 'linxiaoyu', 'gaoyan'];
      const logins = await Promise.all(people.map((name) => login(name, '123456')));
      expect(logins.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    }
  });

  it('describes the current user per contract (admin wildcard, 3-level org name)', async () => {
    const admin = await (await ctx.as('admin')).get<CurrentUserData>('/api/upms/user/current');
    expect(admin.body.data.roles).toContain('admin');
    expect(admin.body.data.permissions).toContain('*:*:*');
    const me = (await (await ctx.as('zhangsan')).get<CurrentUserData>('/api/upms/user/current')).body.data;
    expect(me.userVo).toMatchObject({ username: 'zhangsan', realName: '张三', status: 'active' });
    expect(me.userVo).not.toHaveProperty('passwordHash');
    expect(me.orgName).toBe('综合管理部');
    expect(me.orgFullName.split('/').length).toBeGreaterThanOrEqual(3);
    expect(me.orgFullId.split('/').at(-1)).toBe(me.userVo.orgId);
    expect(me.roles).toContain('staff');
    expect(me.permissions).toContain('upms:message:send');
    expect(me.permissions).not.toContain('*:*:*');
    for (const key of ['signImg', 'gatewayUrl', 'fileBaseUrl', 'userVo', 'orgFullId']) expect(me).toHaveProperty(key);
  });

  it('gives the current user’s org line from the top down and their posts in order, and follows a move at once', async () => {
    const { db } = ctx.server.database;
    const meOf = async () =>
      (await (await ctx.as('zhangsan')).get<CurrentUserData>('/api/upms/user/current')).body.data;
    const linesUp = async (me: CurrentUserData) => {
      const ids = me.orgFullId.split('/');
      const rows = (await db.execute(
        sql`select id, name, parent_id from orgs where id in ${sql.raw(`('${ids.join("','")}')`)}`,
      )) as unknown as {
        rows: { id: string; name: string; parent_id: string | null }[];
      };
      const byId = new Map(rows.rows.map((r) => [r.id, r]));
      expect(ids.map((id) => byId.get(id)?.name).join('/')).toBe(me.orgFullName);
      expect(ids.map((id) => byId.get(id)?.parent_id ?? null)).toEqual([null, ...ids.slice(0, -1)]);
    };
    const me = await meOf();
    await linesUp(me);
    const posts = (await db.execute(
      sql`select up.post_id from user_posts up join posts p on p.id = up.post_id where up.user_id = ${me.userVo.id} order by p.sort, p.id`,
    )) as unknown as {
      rows: { post_id: string }[];
    };
    expect(me.userVo.postIds).toEqual(posts.rows.map((r) => r.post_id));
    expect(me.userVo.postIds.length).toBeGreaterThan(0);

    // moved to another department: the next answer has its line
    const [other] = (
      (await db.execute(
        sql`select id, name from orgs where id <> ${me.userVo.orgId} and parent_id is not null and type = 'dept' order by name limit 1`,
      )) as unknown as { rows: { id: string; name: string }[] }
    ).rows;
    await db.execute(sql`update users set org_id = ${other!.id} where id = ${me.userVo.id}`);
    try {
      const moved = await meOf();
      expect(moved.orgName).toBe(other!.name);
      expect(moved.orgFullId.split('/').at(-1)).toBe(other!.id);
      await linesUp(moved);
    } finally {
      await db.execute(sql`update users set org_id = ${me.userVo.orgId} where id = ${me.userVo.id}`);
    }
  });

  it('answers 401 without, with a bogus, with a revoked and with an expired uid', async () => {
    const none = await anon().get('/api/upms/user/current');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 401, msg: '登录状态已过期' });
    expect((await api(ctx.server.baseUrl, 'bogus-token').get('/api/upms/user/current')).status).toBe(401);

    const uid = await loginAs(ctx.server.baseUrl, 'zhaoliu', '123456');
    const client = api(ctx.server.baseUrl, uid);
    expect((await client.get('/api/upms/user/current')).status).toBe(200);
    expect((await client.post('/api/oauth/logout')).body.code).toBe(200);
    expect((await client.get('/api/upms/user/current')).body.code).toBe(401);

    const other = await loginAs(ctx.server.baseUrl, 'hejing', '123456');
    await ctx.expire(other);
    const expired = await api(ctx.server.baseUrl, other).get('/api/upms/user/current');
    expect(expired.status).toBe(401);
    expect(expired.body.msg).toBe('登录状态已过期');
  });

  it("ends a disabled account's sessions and refuses its login; re-enabled, the old token stays dead", async () => {
    const uid = await loginAs(ctx.server.baseUrl, 'zhengyu', '123456');
    await ctx.setStatus('zhengyu', 'disabled');
    const res = await api(ctx.server.baseUrl, uid).get('/api/upms/user/current');
    expect([res.status, res.body.msg]).toEqual([401, '登录状态已过期']);
    const again = await login('zhengyu', '123456');
    expect(again.body.msg).toBe('账号已停用');
    await ctx.setStatus('zhengyu', 'active');
    expect((await api(ctx.server.baseUrl, uid).get('/api/upms/user/current')).status).toBe(401);
  });

  it('exchanges a third-party HS256 token for a session', async () => {
    const now = Math.floor(Date.now() / 1000);
    const ok = await anon().post<string>('/api/oauth/thirdparty/login', { token: jwt({ sub: 'lisi', exp: now + 60 }) });
    expect(ok.body.code).toBe(200);
    const me = await api(ctx.server.baseUrl, ok.body.data).get<CurrentUserData>('/api/upms/user/current');
    expect(me.body.data.userVo.username).toBe('lisi');
    const bad = [
      jwt({ sub: 'lisi', exp: now - 10 }),
      jwt({ sub: 'lisi', exp: now + 60 }, 'other-secret'),
      jwt({ sub: 'lisi' }),
      jwt({ sub: 'lisi', exp: now + 60 }, jwtSecret, 'none'),
      'not.a.jwt',
    ];
    for (const token of bad) {
      const res = await anon().post('/api/oauth/thirdparty/login', { token });
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/第三方令牌/);
    }
  });
});
