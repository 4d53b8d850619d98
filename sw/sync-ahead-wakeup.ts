/// <reference lib="WebWorker" />
import { PERIODIC_SYNC_TAG, SYNC_AHEAD_MESSAGE } from '../src/lib/sync-ahead-wakeup';

declare const self: ServiceWorkerGlobalScope;

type PeriodicSyncEvent = ExtendableEvent & { tag: string };

/**
 * 离线同步 lives in the page (it fills the page's query cache): on a push and on a periodic sync the worker asks
 * every open page to run it. With no page open the next opening syncs.
 */
async function wakeOpenPages(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window' });
  for (const client of windows) client.postMessage({ type: SYNC_AHEAD_MESSAGE });
}

export function handleSyncAheadWakeups(): void {
  self.addEventListener('push', (event: PushEvent) => event.waitUntil(wakeOpenPages()));
  self.addEventListener('periodicsync', ((event: PeriodicSyncEvent) => {
    if (event.tag === PERIODIC_SYNC_TAG) event.waitUntil(wakeOpenPages());
  }) as EventListener);
}
