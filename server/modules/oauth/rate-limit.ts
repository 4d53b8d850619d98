import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toCount } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import { AppError } from '../../lib/app-error';

const WINDOW_MS = 15 * 60 * 1000;
const PER_ACCOUNT = 5;
const PER_IP = 30;
// advisory lock namespaces (first key of the two-key form), distinct from the migration lock
const ACCOUNT_LOCK = 727301;
const ADDRESS_LOCK = 727302;

/**
 * Counts a login attempt BEFORE its password is checked, or answers 429 when the account (5) or the address (30)
 * already used its attempts in the last 15 minutes. Count and insert run under a per-account and a per-address
 * advisory lock, so parallel guesses (also from other server processes) queue and each sees the ones before it;
 * always account first, then address, so two logins never wait on each other in a cycle.
 * Returns the attempt's id, so a login that turns out right can take it back.
 */
export async function chargeLoginAttempt(db: Db, username: string, ip: string): Promise<string> {
  const name = username.toLowerCase();
  const since = new Date(Date.now() - WINDOW_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}, hashtext(${name}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${ip}))`);
    const [account] = await tx
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.username, name), gt(loginAttempts.createdAt, since)));
    const [address] = await tx
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ip, ip), gt(loginAttempts.createdAt, since)));
    if (toCount(account?.n) >= PER_ACCOUNT || toCount(address?.n) >= PER_IP) {
      throw new AppError(429, '登录失败次数过多，请15分钟后再试');
    }
    // clock_timestamp, not now(): the row must carry when it was counted, not when the transaction began
    const [row] = await tx
      .insert(loginAttempts)
      .values({ username: name, ip, createdAt: sql`clock_timestamp()` })
      .returning({ id: loginAttempts.id });
    // keep the table small: anything outside the window no longer counts
    if (Math.random() < 0.05) await tx.delete(loginAttempts).where(lt(loginAttempts.createdAt, since));
    return row!.id;
  });
}

/** A right password takes its own attempt back (the account may still be refused, e.g. disabled). */
export async function forgiveLoginAttempt(db: Db, attemptId: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
}

/** A successful login forgives the account's earlier failures. */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.username, username.toLowerCase()));
}
