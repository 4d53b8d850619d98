import type { FastifyInstance } from 'fastify';
import { isConnectionLoss } from '../../db/connection-loss';
import { watchAuthChanges } from '../session/auth-cache';
import { sessionStanding } from '../session/service';

/** setTimeout holds at most 2^31 - 1 ms (24.8 days); a longer session is checked again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/**
 * The first look at the session's expiry waits a random time up to this: the stream was opened with a session checked
 * a moment ago, and a thousand streams reopened at once each queried it in the same second, ahead of their states.
 * A logout, a password change or a disabled account is still heard at once (the auth channel).
 */
const FIRST_CHECK_SPREAD_MS = 20_000;

/**
 * Ends a live stream once the session it was opened with ends: logout, a password change or a disabled account (heard
 * on every process through the auth channel, server/modules/session/auth-cache.ts), or its expiry. Without this a held
 * stream kept receiving the person's mail ids and counts after they logged out. The caller has just authenticated the
 * session. Returns the stop function.
 */
export function endWithSession(
  app: FastifyInstance,
  who: { sessionId: string; userId: string },
  end: () => void,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const check = async (): Promise<void> => {
    if (stopped) return;
    let standing: Awaited<ReturnType<typeof sessionStanding>>;
    try {
      standing = await sessionStanding(app.db, who.sessionId);
    } catch (error) {
      // the database is away for a moment: the stream stays, and the next change or the timer asks again
      if (!isConnectionLoss(error)) app.log.warn({ err: error }, 'live stream: session check failed');
      arm(30_000);
      return;
    }
    if (stopped) return;
    if (!standing || !standing.active || standing.expiresAt.getTime() <= Date.now()) {
      stop();
      end();
      return;
    }
    arm(standing.expiresAt.getTime() - Date.now() + 1000);
  };
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void check(), Math.min(ms, LONGEST_TIMER_MS));
  };
  const unwatch = watchAuthChanges(app, (change) => {
    if (change === 'all' || ('sessionId' in change ? change.sessionId === who.sessionId : change.userId === who.userId))
      void check();
  });
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    unwatch();
  };
  arm(Math.round(Math.random() * FIRST_CHECK_SPREAD_MS));
  return stop;
}
