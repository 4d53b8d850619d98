import type { QueryClient } from '@tanstack/react-query';
import { getUid, uidStore } from '@/lib/uid-store';
import { platformConfig } from '@/platform/platform-config';
import { PERIODIC_SYNC_TAG, SYNC_AHEAD_MESSAGE } from '@/lib/sync-ahead-wakeup';
import { currentUserKey } from '../current-user-key';
import type { SyncAheadStep } from '@/lib/sync-ahead-source';
import { abortSyncAhead, configureSyncAhead, showSavedSync, syncAheadNow } from './sync-ahead';
import { forgetWorkerKept } from './worker-kept';
/** A sign-in's first screen reads first. */
const START_DELAY_MS = 1_000;
/** A sign-in's user arrives with its first reads: a sync started before then waits a little longer. */
const USER_WAITS = 20;
const PERIODIC_MIN_INTERVAL_MS = 6 * 60 * 60 * 1000;

type PeriodicSyncRegistration = ServiceWorkerRegistration & {
  periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void> };
};

/** Periodic Background Sync where the browser offers it (Chromium, an installed app): wakes the worker, which asks the open app to sync. */
async function registerPeriodicSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.ready) as PeriodicSyncRegistration;
  if (!registration.periodicSync) return;
  const permission = await navigator.permissions
    ?.query({ name: 'periodic-background-sync' as PermissionName })
    .catch(() => null);
  if (permission?.state !== 'granted') return;
  await registration.periodicSync.register(PERIODIC_SYNC_TAG, { minInterval: PERIODIC_MIN_INTERVAL_MS });
}

/**
 * The service worker keeps the open 待办 itself when a push or a periodic sync finds no app window open: it does so
 * as the person signed in here, and only as that person.
 */
function handWorkerTheSession(userKey: string): void {
  const uid = getUid();
  if (uid && 'serviceWorker' in navigator)
    // its own small chunk, as for a queued write (background-sync.ts): the first load does not carry it
    void import('@/lib/outbox-authority')
      .then(({ saveOutboxAuthority }) => saveOutboxAuthority({ userKey, uid, baseUrl: platformConfig.baseUrl }))
      .catch(() => undefined);
}

/**
 * Keeps the person's work on the device: a sync shortly after the app opens (and after each sign-in), on each push
 * and on each periodic sync the service worker passes on. Returns a stop function.
 */
export function startSyncAhead(queryClient: QueryClient, steps: SyncAheadStep[]): () => void {
  configureSyncAhead({ queryClient, steps });
  let timer: ReturnType<typeof setTimeout> | null = null;
  const soon = (waits = USER_WAITS) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      showSavedSync();
      const userKey = currentUserKey(queryClient);
      if (userKey) {
        handWorkerTheSession(userKey);
        void syncAheadNow();
      } else if (waits > 0) soon(waits - 1);
    }, START_DELAY_MS);
  };
  soon();
  const offUid = uidStore.subscribe((uid) => {
    if (uid) return soon();
    abortSyncAhead();
    // signed out: the file cache is gone, and so is the worker's list of what it kept there
    void forgetWorkerKept();
    showSavedSync();
  });
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === SYNC_AHEAD_MESSAGE) void syncAheadNow();
  };
  navigator.serviceWorker?.addEventListener('message', onMessage);
  void registerPeriodicSync().catch(() => undefined);
  return () => {
    if (timer) clearTimeout(timer);
    offUid();
    navigator.serviceWorker?.removeEventListener('message', onMessage);
  };
}
