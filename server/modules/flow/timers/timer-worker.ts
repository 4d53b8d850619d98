import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import type { ConfiguredChannels } from '../../delivery/channels';
import { fireOneDue, type Fired } from './fire';

export interface TimerWorker {
  stop(): Promise<void>;
}

/**
 * Fires the nodes' due time limits until stop(): every process runs one, and SKIP LOCKED shares the due rows out.
 * `onFired` hears each (the live events tell the people concerned to refresh).
 */
export function startTimerWorker(deps: {
  db: Db;
  log: FastifyBaseLogger;
  pollMs: number;
  configured: ConfiguredChannels;
  onFired?: (fired: Fired) => void;
}): TimerWorker {
  let stopped = false;
  let wake: (() => void) | null = null;
  const loop = (async () => {
    while (!stopped) {
      try {
        const fired = await fireOneDue(deps.db, deps.configured);
        if (fired) {
          deps.onFired?.(fired);
          continue;
        }
      } catch (error) {
        if (!stopped) deps.log.warn({ err: error }, 'flow timers: a round failed; retrying at the next poll');
      }
      // stop() may have come during the round, when there was no sleep to cut short
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deps.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
