import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, rolePermissions, sessions, userRoles, users } from '../../db/schema';

/** Who is calling: what every policy decides on. */
export interface Principal {
  id: string;
  username: string;
  realName: string;
  orgId: string;
  status: string;
  roles: string[];
  permissions: string[];
}

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

/** Loads a user's roles and permissions (union over roles). */
export async function loadPrincipal(db: Db, userId: string): Promise<Principal | null> {
  const [user] = await db
    .select({ id: users.id, username: users.username, realName: users.realName, orgId: users.orgId, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const roleRows = await db
    .select({ id: roles.id, code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  const permissionRows = roleRows.length
    ? await db
        .select({ permission: rolePermissions.permission })
        .from(rolePermissions)
        .where(inArray(rolePermissions.roleId, roleRows.map((r) => r.id)))
    : [];
  const roleCodes = [...new Set(roleRows.map((r) => r.code))].sort();
  const permissions = new Set(permissionRows.map((p) => p.permission));
  // the admin role means everything, whatever its permission rows say
  if (roleCodes.includes('admin')) permissions.add('*:*:*');
  return { ...user, roles: roleCodes, permissions: [...permissions].sort() };
}

/** Finds the live session of a token (not revoked, not expired), sliding its expiry; null when there is none. */
export async function resolveSession(db: Db, token: string, ttlDays: number): Promise<{ sessionId: string; userId: string } | null> {
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
  const now = Date.now();
  if (!row || row.expiresAt.getTime() <= now) return null;
  if (now - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + ttlDays * DAY_MS) })
      .where(eq(sessions.id, row.id));
  }
  return { sessionId: row.id, userId: row.userId };
}

/** Revokes one session (logout); revoking twice is harmless. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
