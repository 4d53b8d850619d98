import { outsideRequestTurn } from '../../db/request-deadline';

/** Delays before the retries of a state read that failed (a busy or briefly lost database), each jittered. */
const RETRY_DELAYS_MS = [200, 500, 1_000, 2_000, 4_000];

/** Waits `ms` give or take half, so retries of many people do not hit the database in step. */
const jittered = (ms: number, random: () => number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.round(ms * (0.5 + random()))));

/**
 * The states live streams send (a person's counts), read once per person however many of their streams ask.
 *
 * A thousand phones reconnecting at once, or an approval heard by a thousand open streams, asked the database the
 * same count once per stream: 900 identical queries per event, and on the embedded database most of the opening
 * states missed the request deadline and were dropped. Here every stream of a person that asks for a source's state
 * shares one read, on one condition that keeps it correct: the read starts after the ask (a read that started
 * earlier may predate the change being told). So while one read runs, everyone who asks meanwhile shares the next
 * one, which starts when it ends: at most two reads per person and source however many streams and events.
 *
 * Reads run outside the request that opened the stream or wrote the change: a stream's state is background work that
 * must not be refused by that request's read deadline. A failed read is retried with jittered backoff; only when
 * every try failed do the askers hear the error.
 */
export function createSharedStates(random: () => number = Math.random) {
  const queued = new Map<string, Promise<object>>();
  const running = new Map<string, Promise<object>>();

  const readWithRetries = async (read: () => Promise<object>): Promise<object> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await outsideRequestTurn(read);
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined) throw error;
        await jittered(delay, random);
      }
    }
  };

  return {
    /** The state of `key` (a source and a person) from a read that starts after this call. */
    read(key: string, read: () => Promise<object>): Promise<object> {
      const waiting = queued.get(key);
      if (waiting) return waiting;
      const before = running.get(key);
      // setImmediate gathers every ask of this turn of the event loop (all the streams one event reaches) into one read
      const next = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => before?.catch(() => undefined))
        .then(() => {
          queued.delete(key);
          const reading = readWithRetries(read);
          running.set(key, reading);
          const settled = () => {
            if (running.get(key) === reading) running.delete(key);
          };
          reading.then(settled, settled);
          return reading;
        });
      queued.set(key, next);
      return next;
    },
    /** reads under way or waiting (for tests and metrics) */
    size: () => queued.size + running.size,
  };
}

export type SharedStates = ReturnType<typeof createSharedStates>;
