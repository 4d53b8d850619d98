import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import { AppError } from '../../lib/app-error';

const WINDOW_MS = 15 * 60 * 1000;
const PER_ACCOUNT = 5;
const PER_IP = 30;

/** 429 when the account (5) or the address (30) already failed too often in the last 15 minutes. */
export async function assertLoginAllowed(db: Db, username: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - WINDOW_MS);
  const [account] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.username, username.toLowerCase()), gt(loginAttempts.createdAt, since)));
  const [address] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), gt(loginAttempts.createdAt, since)));
  if (toCount(account?.n) >= PER_ACCOUNT || toCount(address?.n) >= PER_IP) {
    throw new AppError(429, '登录失败次数过多，请15分钟后再试');
  }
}

/** Records one failed login (kept in the database so every process sees it). */
export async function recordLoginFailure(db: Db, username: string, ip: string): Promise<void> {
  await db.insert(loginAttempts).values({ username: username.toLowerCase(), ip });
  // keep the table small: anything outside the window no longer counts
  if (Math.random() < 0.05) await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(Date.now() - WINDOW_MS)));
}

/** A successful login forgives the account's earlier failures. */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.username, username.toLowerCase()));
}
