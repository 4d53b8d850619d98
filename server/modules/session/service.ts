import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedStatementDb, type Db } from '../../db/client';
import { roles, rolePermissions, sessions, userRoles, users } from '../../db/schema';
import type { Principal } from '../../lib/principal';

// the type lives in server/lib so the auth plugin can name it without importing a module; modules keep this path
export type { Principal };

const DAY_MS = 24 * 60 * 60 * 1000;
// sliding expiry is written at most once a minute per session, so reads do not turn into writes
const TOUCH_EVERY_MS = 60 * 1000;

/** sha256 of a session token: the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session for a user and returns its opaque token (256 random bits, base64url). */
export async function createSession(db: Db, userId: string, ttlDays: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now + ttlDays * DAY_MS),
    lastSeenAt: new Date(now),
  });
  return token;
}

// Hot statements are prepared once per database handle: PostgreSQL then plans them once per connection.
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(handle: Db) {
  const db = preparedStatementDb(handle);
  // the outer row is named in full: drizzle writes a lone table's columns unqualified, which would bind inside

  const roleCodes = sql<string[]>`coalesce((select array_agg(distinct r.code order by r.code) from ${userRoles} ur
    join ${roles} r on r.id = ur.role_id where ur.user_id = "users"."id"), '{}')`;
  const permissionsOf = sql<
    string[]
  >`coalesce((select array_agg(distinct rp.permission order by rp.permission) from ${userRoles} ur
    join ${rolePermissions} rp on rp.role_id = ur.role_id where ur.user_id = "users"."id"), '{}')`;
  return {
    session: db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt)))
      .prepare('auth_session_by_hash'),
    // user, role codes and permissions in one round trip
    principal: db
      .select({
        id: users.id,
        username: users.username,
        realName: users.realName,
        orgId: users.orgId,
        status: users.status,
        mustChangePassword: users.mustChangePassword,
        roles: roleCodes,
        permissions: permissionsOf,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('auth_principal_by_id'),
  };
}

function statements(db: Db): ReturnType<typeof prepare> {
  let found = prepared.get(db);
  if (!found) prepared.set(db, (found = prepare(db)));
  return found;
}

/** Loads a user's roles and permissions (union over roles). */
export async function loadPrincipal(db: Db, userId: string): Promise<Principal | null> {
  const [row] = await statements(db).principal.execute({ id: userId });
  if (!row) return null;
  const permissions = new Set(row.permissions);
  // the admin role means everything, whatever its permission rows say
  if (row.roles.includes('admin')) permissions.add('*:*:*');
  return { ...row, roles: [...row.roles].sort(), permissions: [...permissions].sort() };
}

/** A live-or-not session row as stored (the caller decides on expiry). */
export interface SessionRow {
  id: string;
  userId: string;
  expiresAt: Date;
  lastSeenAt: Date;
}

/** The unrevoked session stored under a token's hash, expired or not. */
export async function findSession(db: Db, tokenHash: string): Promise<SessionRow | null> {
  const [row] = await statements(db).session.execute({ hash: tokenHash });
  return row ?? null;
}

/** Slides a session's expiry when it was last written a minute ago or more; answers the row as it now is. */
export async function touchSession(db: Db, row: SessionRow, ttlDays: number, now = Date.now()): Promise<SessionRow> {
  if (now - row.lastSeenAt.getTime() < TOUCH_EVERY_MS) return row;
  const next = { ...row, lastSeenAt: new Date(now), expiresAt: new Date(now + ttlDays * DAY_MS) };
  await db
    .update(sessions)
    .set({ lastSeenAt: next.lastSeenAt, expiresAt: next.expiresAt })
    .where(eq(sessions.id, row.id));
  return next;
}

/** Until when a session holds (its sliding expiry as stored) and whether its user is active; null once revoked or gone. */
export async function sessionStanding(db: Db, sessionId: string): Promise<{ expiresAt: Date; active: boolean } | null> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt, status: users.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  return row ? { expiresAt: row.expiresAt, active: row.status === 'active' } : null;
}

const revokeListeners = new WeakMap<Db, (sessionId: string) => void>();

/** Called after this process revokes a session: the cache of the same process must not wait for the NOTIFY echo. */
export function onSessionRevoked(db: Db, listener: (sessionId: string) => void): void {
  revokeListeners.set(db, listener);
}

const principalListeners = new WeakMap<Db, (userId: string) => void>();

/** Called after this process changes a user's principal (a new password): its cache must not wait for the NOTIFY. */
export function onPrincipalChanged(db: Db, listener: (userId: string) => void): void {
  principalListeners.set(db, listener);
}

/** Tells this process's cache that a user's principal changed (the NOTIFY tells the others). */
export function principalChanged(db: Db, userId: string): void {
  principalListeners.get(db)?.(userId);
}

/** Revokes one session (logout); revoking twice is harmless. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  revokeListeners.get(db)?.(sessionId);
}
