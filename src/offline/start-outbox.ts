import { onReconnect } from './online-status';
import { notifyOutbox } from './outbox-config';
import { replayOutbox } from './replay';

const PERIOD_MS = 30_000;

/** Replays on start, when the network returns (ignoring backoff), when the app comes to the front, and periodically. */
export function startOutboxReplay(): () => void {
  void replayOutbox();
  const offReconnect = onReconnect(() => void replayOutbox({ force: true }));
  const timer = setInterval(() => void replayOutbox(), PERIOD_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void replayOutbox();
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
  void replayOutbox({ force: true });
}
