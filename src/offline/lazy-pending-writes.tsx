import { useEffect, useState, type ComponentType } from 'react';
import { outboxConfig, watchOutbox } from './outbox-config';
import { readEntries } from './outbox-store';

async function outboxHasEntries(): Promise<boolean> {
  const userKey = outboxConfig().getUserKey();
  return userKey ? (await readEntries(userKey)).length > 0 : false;
}

/**
 * The pending list (PendingWrites) once the signed-in user's outbox holds a write, and from then on: its code is
 * fetched then, not with every page of a user who has nothing queued. A fetch that fails (offline before the service
 * worker cached the build) is tried again at the queue's next change.
 */
export function LazyPendingWrites() {
  const [View, setView] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (View) return;
    return watchOutbox(async (alive) => {
      if (!(await outboxHasEntries())) return;
      const mod = await import('./pending-writes');
      if (alive()) setView(() => mod.PendingWrites);
    });
  }, [View]);
  return View ? <View /> : null;
}
