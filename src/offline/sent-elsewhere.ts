import { outboxConfig, subscribeOutbox } from './outbox-config';
import { isWaiting, readEntries } from './outbox-store';

let watching = false;
const settledByThisPage = new Set<string>();

/** The page's replay settles this write and reloads what it changed itself. */
export function settledHere(entryId: string): void {
  settledByThisPage.add(entryId);
}

/**
 * The service worker's Background Sync (or another tab) may send this page's queued writes. The page's own replay
 * reloads what a write changed; for a write settled elsewhere nothing did, and a refetch that raced the write (the
 * reconnect's) left the screen on the answer from before it: a 收藏 made offline showed ☆ again once it was sent.
 * A write seen waiting that left the queue, or was refused, without this page's replay has its keys reloaded here,
 * from the first write queued or replayed on, for as long as the page lives.
 */
export function reloadWhatOthersSettled(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  let known = new Map<string, unknown[][]>();
  let checks = Promise.resolve();
  const check = () => {
    checks = checks.then(async () => {
      const userKey = outboxConfig().getUserKey();
      const entries = userKey ? await readEntries(userKey).catch(() => null) : [];
      if (!entries) return;
      const now = new Map(entries.filter(isWaiting).map((e) => [e.id, e.invalidate]));
      for (const [id, keys] of known) {
        if (now.has(id) || settledByThisPage.delete(id)) continue;
        for (const queryKey of keys) void outboxConfig().queryClient?.invalidateQueries({ queryKey });
      }
      // a write this page settled before the watcher saw it waiting is never met above: forget it once it is gone
      for (const id of settledByThisPage) if (!now.has(id)) settledByThisPage.delete(id);
      known = now;
    });
  };
  check();
  subscribeOutbox(check);
}
