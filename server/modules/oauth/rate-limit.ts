import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { clearSharedLimit, giveBackSharedHit, hitSharedLimit, type SharedLimit } from '../../plugins/shared-limit';

const WINDOW_SECONDS = 15 * 60;
/** attempts per account and per address in any 15 minutes */
export const LOGIN_PER_ACCOUNT: SharedLimit = { scope: 'login-account', limit: 5, windowSeconds: WINDOW_SECONDS };
export const LOGIN_PER_ADDRESS: SharedLimit = { scope: 'login-address', limit: 30, windowSeconds: WINDOW_SECONDS };

/** Whose attempt was counted, so a right password can take it back. */
export interface LoginAttempt {
  account: string;
  address: string;
}

const throttled = () => new AppError(429, '登录失败次数过多，请15分钟后再试');

/**
 * Counts a login attempt BEFORE its password is checked, or answers 429 when the account (5) or the address (30)
 * already used its attempts in the last 15 minutes. The shared limiter counts on the database under a lock per
 * subject, so parallel guesses (also from other server processes) queue and each sees the ones before it. An attempt
 * the address refuses is given back to the account, so a busy address does not lock its accounts out.
 */
export async function chargeLoginAttempt(db: Db, username: string, ip: string): Promise<LoginAttempt> {
  const attempt = { account: username.toLowerCase(), address: ip };
  if (!(await hitSharedLimit(db, LOGIN_PER_ACCOUNT, attempt.account)).ok) throw throttled();
  if (!(await hitSharedLimit(db, LOGIN_PER_ADDRESS, attempt.address)).ok) {
    await giveBackSharedHit(db, LOGIN_PER_ACCOUNT, attempt.account);
    throw throttled();
  }
  return attempt;
}

/** A right password takes its own attempt back (the account may still be refused, e.g. disabled). */
export async function forgiveLoginAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  await giveBackSharedHit(db, LOGIN_PER_ACCOUNT, attempt.account);
  await giveBackSharedHit(db, LOGIN_PER_ADDRESS, attempt.address);
}

/** A successful login forgives the account's earlier failures. */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await clearSharedLimit(db, LOGIN_PER_ACCOUNT, username.toLowerCase());
}
