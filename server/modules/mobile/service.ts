import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceBindings, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { openSessionFor } from '../oauth/service';
import { hashToken } from '../session/service';
import type { DingTalkUser } from './dingtalk-client';

/** An in-app path to go to after login; anything that could leave the site becomes '/'. */
export function safeAppPath(path: string | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  return path;
}

/** A vendor's member as its directory knows them: the vendor's userid and the mobile on record (if it shares it). */
export interface VendorMember {
  userid: string;
  mobile: string | null;
}

/**
 * The system user of a DingTalk or WeCom member (by mobile first, then user name = the vendor's userid) → a new
 * session; `unknown` is the Chinese answer for a member who matches nobody.
 */
export async function vendorMemberSession(
  db: Db,
  member: VendorMember,
  ttlDays: number,
  unknown: string,
): Promise<string> {
  const match = member.mobile
    ? or(eq(users.mobile, member.mobile), eq(users.username, member.userid))
    : eq(users.username, member.userid);
  const candidates = await db
    .select({ id: users.id, status: users.status, mobile: users.mobile })
    .from(users)
    .where(match)
    .limit(2);
  const user = candidates.find((u) => member.mobile && u.mobile === member.mobile) ?? candidates[0];
  if (!user) throw new AppError(400, unknown);
  return openSessionFor(db, user, ttlDays);
}

/** The system user of a DingTalk user (by mobile first, then user name = DingTalk userid) → a new session. */
export function dingTalkSession(db: Db, dingUser: DingTalkUser, ttlDays: number): Promise<string> {
  return vendorMemberSession(db, dingUser, ttlDays, '该钉钉账号未关联系统用户');
}

/** The system user of a WeCom member (by mobile first, then user name = WeCom userid) → a new session. */
export function wecomSession(db: Db, member: VendorMember, ttlDays: number): Promise<string> {
  return vendorMemberSession(db, member, ttlDays, '该企业微信账号未关联系统用户');
}

/** Refreshes the caller's own binding of a push client id; another user's device is not the caller's to take. */
export async function refreshOwnDevice(db: Db, cid: string, userId: string, sessionId: string | null): Promise<void> {
  const [bound] = await db
    .select({ userId: deviceBindings.userId })
    .from(deviceBindings)
    .where(eq(deviceBindings.cid, cid))
    .for('update');
  if (bound && bound.userId !== userId) throw new AppError(403, '该设备已绑定其他用户');
  await bindDevice(db, cid, userId, sessionId);
}

/**
 * Binds a uni-app push client id to a user and the session that bound it (a device moves to whoever logged in on it
 * last). Only an authenticated call binds: a cid alone never chooses its user.
 */
export async function bindDevice(db: Db, cid: string, userId: string, sessionId: string | null): Promise<void> {
  await db
    .insert(deviceBindings)
    .values({ cid, userId, sessionId })
    .onConflictDoUpdate({ target: deviceBindings.cid, set: { userId, sessionId, updatedAt: sql`now()` } });
}

/**
 * Spec §4/§7: an app client id yields a uid. Only a cid an authenticated call bound, whose binding session was not
 * ended (logout, password change), opens a session, for the user it is bound to; the binding then follows the new one.
 */
export async function deviceSession(db: Db, cid: string, ttlDays: number): Promise<string> {
  const [bound] = await db
    .select({
      userId: deviceBindings.userId,
      status: users.status,
      sessionId: sessions.id,
      revokedAt: sessions.revokedAt,
    })
    .from(deviceBindings)
    .innerJoin(users, eq(users.id, deviceBindings.userId))
    .leftJoin(sessions, eq(sessions.id, deviceBindings.sessionId))
    .where(eq(deviceBindings.cid, cid))
    .for('update', { of: deviceBindings });
  if (!bound) throw new AppError(400, '该设备尚未绑定账号，请先登录');
  if (!bound.sessionId || bound.revokedAt !== null) throw new AppError(400, '该设备已退出登录，请重新登录');
  const token = await openSessionFor(db, { id: bound.userId, status: bound.status }, ttlDays);
  // read in this transaction: the new session is not committed yet
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  await bindDevice(db, cid, bound.userId, session!.id);
  return token;
}
