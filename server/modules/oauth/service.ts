import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password';
import { createSession } from '../session/service';
import type { KeyStore } from './rsa-keys';
import { chargeLoginAttempt, clearLoginFailures, forgiveLoginAttempt } from './rate-limit';
import { verifyHs256Subject } from './jwt';

const wrongCredentials = () => new AppError(400, '用户名或密码错误');

/** Looks a user up by exact user name. */
export async function findUserByUsername(db: Db, username: string) {
  const [user] = await db
    .select({ id: users.id, username: users.username, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.username, username));
  return user ?? null;
}

/** Opens a session for an account found by a trusted channel (third party, DingTalk); refuses disabled ones. */
export async function openSessionFor(db: Db, user: { id: string; status: string }, ttlDays: number): Promise<string> {
  if (user.status !== 'active') throw new AppError(403, '账号已停用');
  return createSession(db, user.id, ttlDays);
}

/**
 * Password login: count the attempt (rate limit) → RSA decrypt → scrypt check (same message for unknown user and
 * wrong password). The attempt is counted before the check, so a burst of parallel guesses gets 5, not 5 + the burst.
 */
export async function passwordLogin(
  db: Db,
  keys: KeyStore,
  input: { username: string; password: string; ip: string; ttlDays: number },
): Promise<string> {
  const attemptId = await chargeLoginAttempt(db, input.username, input.ip);
  const password = await keys.decrypt(input.password);
  const user = await findUserByUsername(db, input.username);
  const matches = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (!user || !matches) throw wrongCredentials();
  // the account state is revealed only to someone who knows the password
  if (user.status !== 'active') {
    await forgiveLoginAttempt(db, attemptId);
    throw new AppError(403, '账号已停用');
  }
  return db.transaction(async (tx) => {
    // the address's hit too: a company behind one NAT address signs in far more than 30 people in 15 minutes
    await forgiveLoginAttempt(tx, attemptId);
    await clearLoginFailures(tx, user.username);
    return createSession(tx, user.id, input.ttlDays);
  });
}

/** Token exchange: an HS256 JWT signed with THIRDPARTY_JWT_SECRET whose sub is a user name. */
export async function thirdpartyLogin(db: Db, secret: string | null, token: string, ttlDays: number): Promise<string> {
  if (!secret) throw new AppError(400, '未配置第三方登录');
  const username = verifyHs256Subject(token, secret);
  const user = await findUserByUsername(db, username);
  if (!user) throw new AppError(400, '第三方令牌对应的用户不存在');
  return openSessionFor(db, user, ttlDays);
}
