/** The methods of a PGlite client that each run one statement (or one whole transaction) on its single backend. */
interface StatementRunner {
  query: (...args: never[]) => Promise<unknown>;
  exec: (...args: never[]) => Promise<unknown>;
  transaction: (...args: never[]) => Promise<unknown>;
}

/**
 * PGlite runs on the main thread and hands its backend from one statement to the next through promise callbacks,
 * so while statements are queued the event loop never reaches its poll phase: no socket is read, no answer leaves,
 * and a request that arrives meanwhile waits for the whole queue to drain (people search waited 4–10 s behind the
 * 待办 and badge queries in bench/pglite-mixed-load.ts). Here every statement takes its turn in arrival order and each
 * turn starts from setImmediate, after one pass of the poll phase, so sockets are served between statements.
 * A transaction is one turn: its own statements run inside it.
 */
export function takeTurns(client: StatementRunner): void {
  let tail: Promise<unknown> = Promise.resolve();
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    const turned = (...args: unknown[]) => {
      const run = tail.then(nextTurn).then(() => original(...args));
      tail = run.catch(() => undefined);
      return run;
    };
    (client as unknown as Record<string, unknown>)[method] = turned;
  }
}
