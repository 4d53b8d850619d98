import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceBindings, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { openSessionFor } from '../oauth/service';
import type { DingTalkUser } from './dingtalk-client';

/** An in-app path to go to after login; anything that could leave the site becomes '/'. */
export function safeAppPath(path: string | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  return path;
}

/** The system user of a DingTalk user (by mobile first, then user name = DingTalk userid) → a new session. */
export async function dingTalkSession(db: Db, dingUser: DingTalkUser, ttlDays: number): Promise<string> {
  const match = dingUser.mobile ? or(eq(users.mobile, dingUser.mobile), eq(users.username, dingUser.userid)) : eq(users.username, dingUser.userid);
  const candidates = await db.select({ id: users.id, status: users.status, mobile: users.mobile }).from(users).where(match).limit(2);
  const user = candidates.find((u) => dingUser.mobile && u.mobile === dingUser.mobile) ?? candidates[0];
  if (!user) throw new AppError(400, '该钉钉账号未关联系统用户');
  return openSessionFor(db, user, ttlDays);
}

/** Refreshes the caller's own binding of a push client id; another user's device is not the caller's to take. */
export async function refreshOwnDevice(db: Db, cid: string, userId: string): Promise<void> {
  const [bound] = await db.select({ userId: deviceBindings.userId }).from(deviceBindings).where(eq(deviceBindings.cid, cid)).for('update');
  if (bound && bound.userId !== userId) throw new AppError(403, '该设备已绑定其他用户');
  await bindDevice(db, cid, userId);
}

/** Binds a uni-app push client id to a user (a device moves to whoever logged in on it last). */
export async function bindDevice(db: Db, cid: string, userId: string): Promise<void> {
  await db
    .insert(deviceBindings)
    .values({ cid, userId })
    .onConflictDoUpdate({ target: deviceBindings.cid, set: { userId, updatedAt: sql`now()` } });
}
