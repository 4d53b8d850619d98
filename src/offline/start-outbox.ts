import { onReconnect } from './online-status';
import { notifyOutbox, outboxConfig } from './outbox-config';
import { isWaiting, readEntries } from './outbox-store';

const PERIOD_MS = 30_000;

/**
 * Replays when the signed-in user has writes waiting. The replay code is fetched only then: most starts find the queue
 * empty, and a write queued later brings it along (sendOrQueue starts the replay itself).
 */
async function replayQueued(force = false): Promise<void> {
  const userKey = outboxConfig().getUserKey();
  if (!userKey) return;
  const entries = await readEntries(userKey).catch(() => []);
  if (!entries.some(isWaiting)) return;
  const { replayOutbox } = await import('./replay');
  await replayOutbox({ force });
}

/** Replays on start, when the network returns (ignoring backoff), when the app comes to the front, and periodically. */
export function startOutboxReplay(): () => void {
  void replayQueued();
  const offReconnect = onReconnect(() => void replayQueued(true));
  const timer = setInterval(() => void replayQueued(), PERIOD_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void replayQueued();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    offReconnect();
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Call when the signed-in user changed: hooks re-read, and that user's queued writes start replaying. */
export function outboxUserChanged(): void {
  notifyOutbox();
  void replayQueued(true);
}
