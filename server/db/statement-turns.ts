import { performance } from 'node:perf_hooks';
import { currentRequestTurn, StatementDeadlineError, type RequestTurn } from './request-deadline';

/** The methods of a PGlite client that each run one statement (or one whole transaction) on its single backend. */
interface StatementRunner {
  query: (...args: never[]) => Promise<unknown>;
  exec: (...args: never[]) => Promise<unknown>;
  transaction: (...args: never[]) => Promise<unknown>;
}

interface Turn {
  /** the arrival of the request the statement serves (or the statement's own arrival outside a request) */
  order: number;
  /** tie-break: the order statements were asked for */
  seq: number;
  request: RequestTurn | undefined;
  run: () => Promise<void>;
  refuse: (error: Error) => void;
}

/**
 * PGlite runs on the main thread and hands its backend from one statement to the next through promise callbacks,
 * so while statements are queued the event loop never reaches its poll phase: no socket is read, no answer leaves,
 * and a request that arrives meanwhile waits for the whole queue to drain (people search waited 4–10 s behind the
 * 待办 and badge queries in bench/pglite-mixed-load.ts). Here each turn starts from setImmediate, after one pass of
 * the poll phase, so sockets are served between statements.
 *
 * The next turn goes to the statement of the oldest request, not to the oldest statement: a request that runs
 * several statements one after the other (the badges run five) would otherwise queue behind every request that
 * arrived while it worked, once per statement, and be the slowest answer under load. Oldest request first finishes
 * requests in arrival order, which keeps the worst wait as short as the work allows. A read whose first statement
 * has not had its turn by its deadline (see request-deadline.ts: reads under the admission queue) does not start:
 * the request answers 503 at once, no work lost. Once started, a request is never cut: a read that needs more time
 * than the deadline on its own still gets its answer. A transaction is one turn: its own statements run inside it.
 * Returns how many statements wait for their turn (the one running not counted), and `inTurn`, which gives another
 * way of running a statement (named statements, see pglite-named.ts) a place in the same queue.
 */
export function takeTurns(client: StatementRunner): {
  waiting(): number;
  inTurn<A extends unknown[], R>(original: (...args: A) => Promise<R>): (...args: A) => Promise<R>;
} {
  const pending: Turn[] = [];
  let busy = false;
  let seq = 0;

  const takeFirst = (): Turn => {
    let best = 0;
    for (let i = 1; i < pending.length; i += 1) {
      const a = pending[i]!;
      const b = pending[best]!;
      if (a.order < b.order || (a.order === b.order && a.seq < b.seq)) best = i;
    }
    return pending.splice(best, 1)[0]!;
  };

  const pump = (): void => {
    if (busy || pending.length === 0) return;
    busy = true;
    setImmediate(() => {
      const turn = takeFirst();
      const done = () => {
        busy = false;
        pump();
      };
      if (
        turn.request &&
        !turn.request.started &&
        turn.request.deadline !== null &&
        performance.now() > turn.request.deadline
      ) {
        turn.refuse(new StatementDeadlineError());
        done();
        return;
      }
      void turn.run().then(done);
    });
  };

  const inTurn =
    <A extends unknown[], R>(original: (...args: A) => Promise<R>) =>
    (...args: A) =>
      new Promise<R>((resolve, reject) => {
        const request = currentRequestTurn();
        pending.push({
          order: request?.arrivedAt ?? performance.now(),
          seq: (seq += 1),
          request,
          run: () => {
            if (request) request.started = true;
            return Promise.resolve()
              .then(() => original(...args))
              .then(resolve, reject);
          },
          refuse: reject,
        });
        pump();
      });

  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = inTurn(original);
  }
  return { waiting: () => pending.length, inTurn };
}
