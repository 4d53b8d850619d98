import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { sessions, users } from '../../../server/db/schema';
import { hashToken } from '../../../server/modules/session/service';
import { keptCountDrift } from '../../factories/kept-counts';
import { api, loginAs, startTestServer, type TestServer, type TestServerOptions } from '../../factories/test-server';

/** Every API suite runs once per driver. */
export const drivers = ['pglite', 'pg'] as const;
export type Driver = (typeof drivers)[number];

export const cjk = /[\u4e00-\u9fa5]/;

export interface ServerContext {
  server: TestServer;
  /** uid of a demo user (logged in once per suite through the real RSA round trip) */
  uidOf(username: string): Promise<string>;
  /** api client as a demo user, or anonymous with null */
  as(username: string | null): Promise<ReturnType<typeof api>>;
  /** force a session's expiry into the past */
  expire(uid: string): Promise<void>;
  setStatus(username: string, status: 'active' | 'disabled'): Promise<void>;
}

/** Starts one test server for the surrounding describe block and closes it afterwards. */
export function useServer(driver: Driver, options: Omit<TestServerOptions, 'driver'> = {}): ServerContext {
  const uids = new Map<string, Promise<string>>();
  const ctx = {} as ServerContext;
  beforeAll(async () => {
    ctx.server = await startTestServer({ driver, ...options });
  });
  afterAll(async () => {
    try {
      // whatever the suite wrote, the trigger-kept counts must still equal counting the rows
      const drift = ctx.server ? await keptCountDrift(ctx.server.database.db) : [];
      if (drift.length) throw new Error(`kept counts drifted from the rows:\n${drift.join('\n')}`);
    } finally {
      await ctx.server?.close();
    }
  });
  ctx.uidOf = (username) => {
    if (!uids.has(username))
      uids.set(username, loginAs(ctx.server.baseUrl, username, username === 'admin' ? 'admin123' : '123456'));
    return uids.get(username)!;
  };
  ctx.as = async (username) => api(ctx.server.baseUrl, username ? await ctx.uidOf(username) : null);
  ctx.expire = async (uid) => {
    await ctx.server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(uid)));
  };
  ctx.setStatus = async (username, status) => {
    await ctx.server.database.db.update(users).set({ status }).where(eq(users.username, username));
    // disabling revokes the user's sessions (migration 0027): the next ctx.as logs in afresh
    if (status !== 'active') uids.delete(username);
  };
  return ctx;
}
