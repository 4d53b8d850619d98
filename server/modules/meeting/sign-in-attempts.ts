import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { clearSharedLimit, giveBackSharedHit, hitSharedLimit, type SharedLimit } from '../../plugins/shared-limit';

/*
 * How many sign-in codes a person may send for one meeting: six digits are a million codes, two of them live at a
 * time, so unlimited guesses would find one in minutes. Each attempt is counted BEFORE its code is checked, by the
 * shared limiter on PostgreSQL (server/plugins/shared-limit.ts): parallel guesses (also from other server processes)
 * each see the ones before them, and exactly ATTEMPTS of them are checked per window. Only wrong codes keep their count: an authentic code (signed in,
 * already signed in, or refused for another reason such as not invited, expired or called off) gives its attempt back
 * once checked, and a sign-in that works forgives the count.
 */

export const SIGN_IN_ATTEMPTS = 10;
export const SIGN_IN_WINDOW_SECONDS = 10 * 60;
/** the budget of six digits typed without naming a meeting (the server looks among all the person's meetings) */
export const ANY_MEETING = '00000000-0000-0000-0000-000000000000';

/** The 429 of a person who used up their attempts; the route sends `retryAfterSeconds` as Retry-After. */
export class SignInThrottled extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `签到码错误次数过多，请${Math.max(1, Math.ceil(retryAfterSeconds / 60))}分钟后再试`);
    this.name = 'SignInThrottled';
  }
}

/** One budget per person and meeting (or ANY_MEETING), on the shared limiter. */
export const SIGN_IN_LIMIT: SharedLimit = {
  scope: 'meeting-sign-in',
  limit: SIGN_IN_ATTEMPTS,
  windowSeconds: SIGN_IN_WINDOW_SECONDS,
};

const subjectOf = (userId: string, meetingId: string) => `${userId}:${meetingId}`;

/** Counts one attempt of `userId` at `meetingId` (or ANY_MEETING); throws SignInThrottled once the window's are used up. */
export async function chargeSignInAttempt(db: Db, userId: string, meetingId: string): Promise<void> {
  const answer = await hitSharedLimit(db, SIGN_IN_LIMIT, subjectOf(userId, meetingId));
  if (!answer.ok) throw new SignInThrottled(answer.retryAfterSeconds);
}

/** Gives back the attempt of a code that turned out authentic (never below zero). */
export async function refundSignInAttempt(db: Db, userId: string, meetingId: string): Promise<void> {
  await giveBackSharedHit(db, SIGN_IN_LIMIT, subjectOf(userId, meetingId));
}

/** A sign-in that worked forgives the person's attempts at that meeting (or at ANY_MEETING). */
export async function forgiveSignInAttempts(db: Db, userId: string, meetingId: string): Promise<void> {
  await clearSharedLimit(db, SIGN_IN_LIMIT, subjectOf(userId, meetingId));
}
