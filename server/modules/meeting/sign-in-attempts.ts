import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { meetingSignInAttempts } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/*
 * How many sign-in codes a person may send for one meeting: six digits are a million codes, two of them live at a
 * time, so unlimited guesses would find one in minutes. Each attempt is counted BEFORE its code is checked, by one
 * atomic upsert in PostgreSQL: parallel guesses (also from other server processes) each see the ones before them, and
 * exactly ATTEMPTS of them are checked per window. Only wrong codes keep their count: an authentic code (signed in,
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

/** Counts one attempt of `userId` at `meetingId` (or ANY_MEETING); throws SignInThrottled once the window's are used up. */
export async function chargeSignInAttempt(db: Db, userId: string, meetingId: string): Promise<void> {
  const t = meetingSignInAttempts;
  const window = sql.raw(`interval '${SIGN_IN_WINDOW_SECONDS} seconds'`);
  // clock_timestamp, not now(): the window is measured when the attempt is counted
  const expired = sql`${t.windowStart} <= clock_timestamp() - ${window}`;
  const [row] = await db
    .insert(t)
    .values({ userId, meetingId, windowStart: sql`clock_timestamp()`, attempts: 1 })
    .onConflictDoUpdate({
      target: [t.userId, t.meetingId],
      set: {
        windowStart: sql`case when ${expired} then clock_timestamp() else ${t.windowStart} end`,
        attempts: sql`case when ${expired} then 1 else ${t.attempts} + 1 end`,
      },
    })
    .returning({
      attempts: t.attempts,
      secondsLeft: sql<string>`extract(epoch from ${t.windowStart} + ${window} - clock_timestamp())`,
    });
  if (row && row.attempts > SIGN_IN_ATTEMPTS)
    throw new SignInThrottled(Math.max(1, Math.ceil(Number(row.secondsLeft))));
  // keep the table small: a window that ended no longer counts
  if (Math.random() < 0.02) await db.delete(t).where(lt(t.windowStart, sql`clock_timestamp() - ${window}`));
}

/** Gives back the attempt of a code that turned out authentic (never below zero). */
export async function refundSignInAttempt(db: Db, userId: string, meetingId: string): Promise<void> {
  const t = meetingSignInAttempts;
  await db
    .update(t)
    .set({ attempts: sql`greatest(${t.attempts} - 1, 0)` })
    .where(and(eq(t.userId, userId), eq(t.meetingId, meetingId)));
}

/** A sign-in that worked forgives the person's attempts at that meeting (or at ANY_MEETING). */
export async function forgiveSignInAttempts(db: Db, userId: string, meetingId: string): Promise<void> {
  await db
    .delete(meetingSignInAttempts)
    .where(and(eq(meetingSignInAttempts.userId, userId), eq(meetingSignInAttempts.meetingId, meetingId)));
}
