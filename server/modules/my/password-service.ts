import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { KeyStore } from '../oauth/rsa-keys';
import { chargeLoginAttempt, forgiveLoginAttempt } from '../oauth/rate-limit';
import { principalChanged, revokeSession } from '../session/service';
import { enforce, newPasswordRefusal, oldPasswordRefusal } from './policy';

/**
 * 修改密码: both passwords arrive RSA-encrypted like the login's; the old one must match, the new one must pass the
 * strength rule and differ. Every other session of the user ends, so a stolen session does not outlive the change.
 */
export async function changePassword(
  db: Db,
  keys: KeyStore,
  input: { userId: string; sessionId: string | null; ip: string; oldPassword: string; newPassword: string },
): Promise<void> {
  const [oldPassword, newPassword] = [await keys.decrypt(input.oldPassword), await keys.decrypt(input.newPassword)];
  enforce(newPasswordRefusal(oldPassword, newPassword));
  const [user] = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) throw new AppError(404, '用户不存在');
  // guessing the old password through this form counts against the same limit as guessing it at login
  const attemptId = await chargeLoginAttempt(db, user.username, input.ip);
  enforce(oldPasswordRefusal(await verifyPassword(oldPassword, user.passwordHash)));
  await forgiveLoginAttempt(db, attemptId);
  const passwordHash = await hashPassword(newPassword);
  const others = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, input.userId));
    return tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, input.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          input.sessionId ? ne(sessions.id, input.sessionId) : undefined,
        ),
      );
  });
  principalChanged(db, input.userId);
  for (const session of others) await revokeSession(db, session.id);
}
