/// <reference lib="WebWorker" />
import { PERIODIC_SYNC_TAG, SYNC_AHEAD_MESSAGE } from '../src/lib/sync-ahead-wakeup';
import { syncTodoInWorker } from './sync-ahead-todo';

declare const self: ServiceWorkerGlobalScope;

type PeriodicSyncEvent = ExtendableEvent & { tag: string };

/**
 * 离线同步 lives in the page (it fills the page's query cache and 离线数据's summary): on a push and on a periodic sync
 * the worker asks every open app window to run it. With none open the worker keeps the open 待办 itself, so one that
 * arrived by push while the app was closed opens offline later. Windows the worker does not control yet count too:
 * they sync on their own, and two writers of one persisted cache would undo each other.
 */
export async function wakeOrSync(sync: () => Promise<void>): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.length) {
    for (const client of windows) client.postMessage({ type: SYNC_AHEAD_MESSAGE });
    return;
  }
  // a sync that fails waits for the next wake-up or the next opening: it must not fail the push's notification
  await sync().catch(() => undefined);
}

export function handleSyncAheadWakeups(sync: () => Promise<void> = () => syncTodoInWorker()): void {
  self.addEventListener('push', (event: PushEvent) => event.waitUntil(wakeOrSync(sync)));
  self.addEventListener('periodicsync', ((event: PeriodicSyncEvent) => {
    if (event.tag === PERIODIC_SYNC_TAG) event.waitUntil(wakeOrSync(sync));
  }) as EventListener);
}
