import type { FastifyInstance } from 'fastify';
import { listenChannel, type ChannelListener } from '../../db/notify-listener';
import {
  findSession,
  hashToken,
  loadPrincipal,
  onPrincipalChanged,
  onSessionRevoked,
  touchSession,
  type Principal,
  type SessionRow,
} from './service';

/** How long a session or principal is trusted without asking the database; a NOTIFY drops it sooner. */
const TTL_MS = Number(process.env.AUTH_CACHE_TTL_MS ?? 10_000);
const MAX_ENTRIES = 20_000;
/** written by the triggers of migration 0003_auth_changes */
export const AUTH_CHANNEL = 'auth_changes';

/** What the auth channel said changed: one session, one user, or anything (a role, or a listener that reconnected). */
export type AuthChange = { sessionId: string } | { userId: string } | 'all';

// the watchers of each app's auth changes (found by its database), for what holds a session open (live streams)
const watchersOf = new WeakMap<object, Set<(change: AuthChange) => void>>();

/** Calls `fn` after every auth change this process hears of (the cache has already dropped what it concerns). */
export function watchAuthChanges(app: FastifyInstance, fn: (change: AuthChange) => void): () => void {
  let watchers = watchersOf.get(app.db);
  if (!watchers) watchersOf.set(app.db, (watchers = new Set()));
  watchers.add(fn);
  return () => watchers.delete(fn);
}

export interface AuthCache {
  /** the live session of a token (sliding its expiry), or null */
  session(token: string): Promise<{ sessionId: string; userId: string } | null>;
  principal(userId: string): Promise<Principal | null>;
  close(): Promise<void>;
}

interface Entry<T> {
  value: T;
  at: number;
}

/**
 * Sessions and principals kept in memory for TTL_MS, so an authenticated request costs no round trip while nothing
 * changes. Every process LISTENs on AUTH_CHANNEL: a logout, a disabled user, a new password or role reaches all of
 * them at once. While the PostgreSQL listener is down nothing is cached (a missed NOTIFY could keep a revoked session).
 */
export async function createAuthCache(app: FastifyInstance): Promise<AuthCache> {
  const sessions = new Map<string, Entry<SessionRow>>();
  const principals = new Map<string, Entry<Principal>>();
  // bumped by every invalidation: a load that was under way when one arrived must not store what it read
  let generation = 0;
  const tell = (change: AuthChange) => {
    for (const watcher of watchersOf.get(app.db) ?? []) watcher(change);
  };
  const dropSession = (id: string) => {
    generation += 1;
    for (const [key, entry] of sessions) if (entry.value.id === id) sessions.delete(key);
    tell({ sessionId: id });
  };
  const dropAll = () => {
    generation += 1;
    sessions.clear();
    principals.clear();
    tell('all');
  };
  const onMessage = (payload: string) => {
    if (payload.startsWith('s:')) return dropSession(payload.slice(2));
    if (payload.startsWith('u:')) {
      generation += 1;
      principals.delete(payload.slice(2));
      return tell({ userId: payload.slice(2) });
    }
    dropAll();
  };
  const listener: ChannelListener = await listenChannel(app, AUTH_CHANNEL, { message: onMessage, reset: dropAll });
  onSessionRevoked(app.db, dropSession);
  // a changed password ends 修改密码's gate at once on this process (server/plugins/password-gate.ts)
  onPrincipalChanged(app.db, (userId) => {
    generation += 1;
    principals.delete(userId);
  });

  const fresh = <T>(entry: Entry<T> | undefined, now: number): entry is Entry<T> => !!entry && now - entry.at < TTL_MS;
  const store = <T>(map: Map<string, Entry<T>>, key: string, value: T, seen: number) => {
    if (seen !== generation || !listener.live) return;
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
    map.set(key, { value, at: Date.now() });
  };

  return {
    async session(token) {
      const hash = hashToken(token);
      const now = Date.now();
      const cached = sessions.get(hash);
      let row: SessionRow | null;
      if (fresh(cached, now)) row = cached.value;
      else {
        const seen = generation;
        row = await findSession(app.db, hash);
        if (row) store(sessions, hash, row, seen);
      }
      if (!row || row.expiresAt.getTime() <= now) return null;
      const touched = await touchSession(app.db, row, app.config.sessionTtlDays, now);
      // keep the slid expiry so the next request does not write again
      const entry = sessions.get(hash);
      if (touched !== row && entry?.value.id === row.id) entry.value = touched;
      return { sessionId: row.id, userId: row.userId };
    },
    async principal(userId) {
      const now = Date.now();
      const cached = principals.get(userId);
      if (fresh(cached, now)) return cached.value;
      const seen = generation;
      const principal = await loadPrincipal(app.db, userId);
      if (principal) store(principals, userId, principal, seen);
      return principal;
    },
    close: () => listener.close(),
  };
}
