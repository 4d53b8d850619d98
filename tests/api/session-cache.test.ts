import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, sessions, userRoles, users } from '../../server/db/schema';
import { hashToken } from '../../server/modules/session/service';
import { api, loginAs, startTestServer, type TestServer } from '../factories/test-server';
import { useTwoServers } from './support/two-servers';

interface CurrentUser {
  userVo: { username: string };
  roles: string[];
}

// Sessions and principals are cached in each server's memory; these tests change them on one side (through the API
// or straight in SQL, as an administrator's tool would) and ask the other server, after warming its cache. A change
// made in SQL reaches the servers as a NOTIFY a millisecond or two after its commit: `soon` allows 1 s for that,
// a tenth of the cache lifetime, so a server that kept its stale entry still fails.
const soon = { timeout: 1000, interval: 20 };
describe('auth cache across two servers on one PostgreSQL', () => {
  const servers = useTwoServers();

  const current = (baseUrl: string, uid: string) => api(baseUrl, uid).get<CurrentUser>('/api/upms/user/current');
  const warm = async (uid: string) => {
    for (const url of [servers.first.baseUrl, servers.second.baseUrl, servers.first.baseUrl, servers.second.baseUrl])
      expect((await current(url, uid)).status).toBe(200);
  };

  it('answers a warm session without reading the session or permission tables (they are locked meanwhile)', async () => {
    const uid = await loginAs(servers.first.baseUrl, 'lisi', '123456');
    await warm(uid);
    const { default: pg } = await import('pg');
    const locker = new pg.Client({ connectionString: servers.first.config.databaseUrl! });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table sessions, user_roles, role_permissions in access exclusive mode');
      for (const url of [servers.first.baseUrl, servers.second.baseUrl]) {
        const res = await fetch(`${url}/api/upms/user/current`, {
          headers: { uid },
          signal: AbortSignal.timeout(3000),
        });
        expect(res.status).toBe(200);
      }
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
  });

  // The server that handled the logout drops its entry before it answers; the other one hears of it through the
  // NOTIFY, which PostgreSQL delivers to its listener connection a moment after the commit. Asking the other server
  // in the same instant raced that delivery (CI saw one 200), so it gets the NOTIFY window and not the cache's 10 s.
  it('refuses a logged-out session at once on its server and within moments on the other', async () => {
    const uid = await loginAs(servers.first.baseUrl, 'zhaoliu', '123456');
    await warm(uid);
    expect((await api(servers.first.baseUrl, uid).post('/api/oauth/logout')).status).toBe(200);
    expect((await current(servers.first.baseUrl, uid)).status).toBe(401);
    await expect.poll(async () => (await current(servers.second.baseUrl, uid)).status, soon).toBe(401);
  });

  it('refuses a session revoked or cut short straight in the database on both servers', async () => {
    const revoked = await loginAs(servers.first.baseUrl, 'hejing', '123456');
    const shortened = await loginAs(servers.second.baseUrl, 'hejing', '123456');
    await warm(revoked);
    await warm(shortened);
    await servers.first.database.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.tokenHash, hashToken(revoked)));
    await servers.first.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(shortened)));
    for (const url of [servers.second.baseUrl, servers.first.baseUrl]) {
      await expect.poll(async () => (await current(url, revoked)).status, soon).toBe(401);
      await expect.poll(async () => (await current(url, shortened)).status, soon).toBe(401);
    }
  });

  it("ends a disabled user's sessions on both servers: re-enabled, the old token stays dead", async () => {
    const uid = await loginAs(servers.second.baseUrl, 'zhengyu', '123456');
    const other = await loginAs(servers.first.baseUrl, 'zhengyu', '123456');
    await warm(uid);
    await warm(other);
    await servers.first.database.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'zhengyu'));
    // the sessions are revoked with the disable itself, in its transaction
    const live = await servers.first.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(users.username, 'zhengyu'), sql`${sessions.revokedAt} is null`));
    expect(live).toEqual([]);
    for (const url of [servers.second.baseUrl, servers.first.baseUrl]) {
      for (const token of [uid, other])
        await expect.poll(async () => (await current(url, token)).status, soon).toBe(401);
    }
    await servers.first.database.db.update(users).set({ status: 'active' }).where(eq(users.username, 'zhengyu'));
    for (const url of [servers.second.baseUrl, servers.first.baseUrl]) {
      for (const token of [uid, other]) expect((await current(url, token)).status).toBe(401);
    }
    // a fresh login works again
    const again = await loginAs(servers.first.baseUrl, 'zhengyu', '123456');
    for (const url of [servers.second.baseUrl, servers.first.baseUrl])
      expect((await current(url, again)).status).toBe(200);
  });

  it('shows a granted and a withdrawn role on both servers', async () => {
    const uid = await loginAs(servers.first.baseUrl, 'wangwu', '123456');
    await warm(uid);
    const db = servers.first.database.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'wangwu'));
    const [admin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin'));
    await db.insert(userRoles).values({ userId: user!.id, roleId: admin!.id });
    for (const url of [servers.second.baseUrl, servers.first.baseUrl])
      await expect.poll(async () => (await current(url, uid)).body.data.roles, soon).toContain('admin');
    await db.delete(userRoles).where(and(eq(userRoles.userId, user!.id), eq(userRoles.roleId, admin!.id)));
    for (const url of [servers.second.baseUrl, servers.first.baseUrl])
      await expect.poll(async () => (await current(url, uid)).body.data.roles, soon).not.toContain('admin');
  });
});

describe('auth cache on PGlite (one process)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'pglite' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('drops a cached principal the moment its roles change in the database', async () => {
    const uid = await loginAs(server.baseUrl, 'wangwu', '123456');
    const current = () => api(server.baseUrl, uid).get<CurrentUser>('/api/upms/user/current');
    expect((await current()).body.data.roles).not.toContain('admin');
    const db = server.database.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'wangwu'));
    const [admin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin'));
    await db.insert(userRoles).values({ userId: user!.id, roleId: admin!.id });
    expect((await current()).body.data.roles).toContain('admin');
  });

  it("ends a disabled user's session at once: re-enabled, the old token stays dead", async () => {
    const uid = await loginAs(server.baseUrl, 'zhengyu', '123456');
    const current = () => api(server.baseUrl, uid).get<CurrentUser>('/api/upms/user/current');
    expect((await current()).status).toBe(200);
    const db = server.database.db;
    await db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'zhengyu'));
    expect((await current()).status).toBe(401);
    await db.update(users).set({ status: 'active' }).where(eq(users.username, 'zhengyu'));
    expect((await current()).status).toBe(401);
    expect(
      (await api(server.baseUrl, await loginAs(server.baseUrl, 'zhengyu', '123456')).get('/api/upms/user/current'))
        .status,
    ).toBe(200);
  });
});
