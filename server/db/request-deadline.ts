import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/** What the database layer knows about the request a statement belongs to. */
export interface RequestTurn {
  /** when the request arrived (performance.now()): its statements are served oldest request first */
  arrivedAt: number;
  /** performance.now() after which its first statement no longer starts (a read is refused with 503), or null */
  deadline: number | null;
  /** whether one of its statements has had its turn: from then on it runs to its end */
  started: boolean;
}

const current = new AsyncLocalStorage<RequestTurn>();

/** The request the running code serves, if any (background work and start-up have none). */
export function currentRequestTurn(): RequestTurn | undefined {
  return current.getStore();
}

/**
 * Runs work that serves no one request (a live stream's state, shared by every stream of a person) outside the
 * request it was started from: its statements take their turn by their own arrival, and no read deadline refuses them.
 */
export function outsideRequestTurn<T>(work: () => T): T {
  return current.exit(work);
}

/** What a phone shows when the server sheds load (the client retries it after Retry-After first). */
export const SERVER_BUSY_MESSAGE = '服务器繁忙，请稍后重试';

/** A read that could not start its work in time: nothing of it ran, and the client hears 503 and retries. */
export class StatementDeadlineError extends AppError {
  constructor() {
    super(503, SERVER_BUSY_MESSAGE);
    this.name = 'StatementDeadlineError';
  }
}

/** Finds a StatementDeadlineError however the driver or ORM wrapped it (drizzle puts the driver's error in cause). */
export function deadlineErrorIn(error: unknown): StatementDeadlineError | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (e instanceof StatementDeadlineError) return e;
  }
  return null;
}

/** Reads may be refused between statements; a write, once admitted, runs to its end so it is never cut in half. */
const refusable = new Set(['GET', 'HEAD']);

/**
 * Gives every request a place in the database's turn order (its arrival) and, for reads, a deadline: when its first
 * statement's turn comes later than `deadlineMs` after the request arrived, it does not start, and the request
 * answers 503 + Retry-After at once instead of waiting behind the crowd (the client retries). The store is entered in a callback hook (an async hook's
 * store would not reach the handler) and entered again before validation, because a body is read in the socket's
 * context, not the request's.
 */
export function registerRequestDeadline(app: FastifyInstance, deadlineMs: number, retryAfterSeconds: number): void {
  const turns = new WeakMap<FastifyRequest, RequestTurn>();
  app.addHook('onRequest', (request, _reply, done) => {
    const arrivedAt = performance.now();
    const turn: RequestTurn = {
      arrivedAt,
      deadline: refusable.has(request.method) && !request.routeOptions.config.unqueued ? arrivedAt + deadlineMs : null,
      started: false,
    };
    turns.set(request, turn);
    current.run(turn, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const turn = turns.get(request);
    if (turn) current.run(turn, done);
    else done();
  });
  app.addHook('onError', (_request, reply, error, done) => {
    if (deadlineErrorIn(error)) reply.header('Retry-After', String(retryAfterSeconds));
    done();
  });
}
