import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OUTBOX_BATCH_PATH } from '@contract/outbox';
import { fail } from '../lib/app-error';
import { registerRequestDeadline, SERVER_BUSY_MESSAGE } from '../db/request-deadline';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request neither waits for a place nor has a read deadline: a live stream, whose own work is one session
     * look-up and whose states are read outside it, shared per person (modules/live/shared-state.ts). A thousand
     * phones reconnecting at once overflowed the queue and heard 503 for a connection that holds no place anyway.
     */
    unqueued?: boolean;
  }
}

/** How many API requests may work on the database at once, and how many may wait for a place (and how long). */
export interface AdmissionLimits {
  concurrent: number;
  queue: number;
  waitMs: number;
  /** a read whose next statement would start later than this after it arrived answers 503 instead (ms) */
  deadlineMs: number;
}

export const BUSY_MESSAGE = SERVER_BUSY_MESSAGE;
/** seconds the client waits before it retries a request answered 503 */
export const RETRY_AFTER_SECONDS = 1;

/** How much a new hold time moves the running average (about the last ten requests count). */
const HOLD_WEIGHT = 0.2;

/**
 * How long a request that would stand `position`th in the queue can expect to wait: the places free up at
 * `concurrent` per average hold. Zero while nothing has been measured yet.
 */
export function expectedWaitMs(position: number, averageHoldMs: number, concurrent: number): number {
  return (position * averageHoldMs) / concurrent;
}

/**
 * A bounded queue in front of the database for /api requests. The embedded database answers one statement at a time,
 * so 50 phones at once made every answer wait for all the others (p99 1.6–10 s). At most `concurrent` requests work
 * at once, up to `queue` more wait their turn for at most `waitMs`; the rest hear 503 + Retry-After at once and the
 * client retries, so no admitted request waits behind an unbounded crowd. A place is given back when the answer's
 * headers are written (a server-sent event stream keeps its connection but not its place) or the connection closes.
 * A caller whose expected wait (the running average hold) is already past `waitMs` hears 503 at once instead of
 * after waiting it out: under a burst that is most of the refusals, and each cost a socket and a timer for `waitMs`.
 */
export function registerAdmission(app: FastifyInstance, limits: AdmissionLimits): void {
  // first, so the arrival the statements are ordered by includes the wait for a place
  registerRequestDeadline(app, limits.deadlineMs, RETRY_AFTER_SECONDS);
  let working = 0;
  let averageHoldMs = 0;
  const waiting: { admit: () => void; timer: NodeJS.Timeout }[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.admit(); // the place passes straight to the oldest waiter
    } else working -= 1;
  };

  const holdPlace = (reply: FastifyReply) => {
    let held = true;
    const since = performance.now();
    const giveBack = () => {
      if (!held) return;
      held = false;
      const heldMs = performance.now() - since;
      averageHoldMs = averageHoldMs ? averageHoldMs + HOLD_WEIGHT * (heldMs - averageHoldMs) : heldMs;
      release();
    };
    const raw = reply.raw;
    const writeHead = raw.writeHead;
    raw.writeHead = function (this: typeof raw, ...args: Parameters<typeof writeHead>) {
      giveBack();
      return writeHead.apply(this, args);
    } as typeof writeHead;
    raw.once('close', giveBack);
    return giveBack;
  };

  const busy = (reply: FastifyReply) =>
    reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send(fail(503, BUSY_MESSAGE));

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return;
    // a batch only waits on its writes, each of which takes its own place: holding one too could starve them
    if (request.url === OUTBOX_BATCH_PATH) return;
    if (request.routeOptions.config.unqueued) return;
    if (working < limits.concurrent) {
      working += 1;
      holdPlace(reply);
      return;
    }
    if (waiting.length >= limits.queue) return busy(reply);
    if (expectedWaitMs(waiting.length + 1, averageHoldMs, limits.concurrent) > limits.waitMs) return busy(reply);
    const admitted = await new Promise<boolean>((resolve) => {
      const entry = {
        admit: () => resolve(true),
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          resolve(false);
        }, limits.waitMs),
      };
      waiting.push(entry);
    });
    if (!admitted) return busy(reply);
    const giveBack = holdPlace(reply);
    // the caller hung up while waiting: its 'close' has passed, so the place goes back now
    if (request.raw.destroyed) giveBack();
  });
}
