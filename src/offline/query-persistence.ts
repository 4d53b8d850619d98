import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { FILE_CACHE } from '@/lib/file-cache';
import { uidStore } from '@/lib/uid-store';
import { persistFilter, CACHE_BUSTER, CACHE_MAX_AGE_MS } from './query-persist-policy';
import { createIdbPersister, wipeQueryCaches, type IdbPersister } from './persister';
import { wireOnlineStatus } from './online-status';

/** Cache Storage that is per user: the file cache the previews, mail attachments and the service worker fill. */
const USER_CACHES = [FILE_CACHE];

export interface QueryPersistenceOptions {
  /** subscribes to the session's 'logout' event (awaited before a sign-out reloads); returns the unsubscribe */
  onLogout?: (fn: () => Promise<void>) => () => void;
  maxAge?: number;
  /** the modules' own query key roots to save (src/modules.ts); the shared roots are always saved */
  persistedRoots?: readonly string[];
  /** how long cache changes are gathered before one IndexedDB write */
  saveThrottleMs?: number;
}

/** Puts a saved cache into the client unless it is too old or from an incompatible build (then it is deleted). */
export async function restoreQueryCache(
  queryClient: QueryClient,
  persister: IdbPersister,
  maxAge = CACHE_MAX_AGE_MS,
): Promise<boolean> {
  try {
    const saved = await persister.restoreClient();
    if (!saved) return false;
    if (saved.buster !== CACHE_BUSTER || Date.now() - saved.timestamp > maxAge) {
      await persister.removeClient();
      return false;
    }
    hydrate(queryClient, saved.clientState);
    // What comes from disk shows at once but is always revalidated when a screen uses it: the saved copy may predate
    // writes made in the last seconds before a reload (saving is throttled).
    void queryClient.invalidateQueries({ refetchType: 'none' });
    return true;
  } catch {
    // a corrupt cache must never stop the app from starting
    await persister.removeClient().catch(() => undefined);
    return false;
  }
}

/** Saves the allowed queries whenever the cache changes (the persister throttles the writes). */
export function subscribeQueryCache(
  queryClient: QueryClient,
  persister: IdbPersister,
  persistedRoots: readonly string[] = [],
): () => void {
  const shouldPersistQuery = persistFilter(persistedRoots);
  const save = () =>
    persister.persistClient(() => ({
      timestamp: Date.now(),
      buster: CACHE_BUSTER,
      clientState: dehydrate(queryClient, {
        shouldDehydrateQuery: shouldPersistQuery,
        shouldDehydrateMutation: () => false,
      }),
    }));
  const off = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') save();
  });
  // what arrived while the saved cache was being read (e.g. right after login) must be saved too
  save();
  return off;
}

/** Deletes every persisted query cache and the per-user Cache Storage (the next person sees nothing). */
export async function wipeOfflineData(): Promise<void> {
  await wipeQueryCaches().catch(() => undefined);
  if (typeof caches !== 'undefined')
    await Promise.all(USER_CACHES.map((name) => caches.delete(name).catch(() => false)));
}

/**
 * Restores the signed-in session's cache into the query client (resolve before the first render so an offline start
 * shows data at once), then keeps it saved. The store key follows the session: a new session gets its own store,
 * ending a session deletes it. Returns a stop function.
 */
export async function startQueryPersistence(
  queryClient: QueryClient,
  options: QueryPersistenceOptions = {},
): Promise<() => void> {
  wireOnlineStatus();
  let current: { uid: string; persister: IdbPersister; stop: () => void } | null = null;

  async function follow(uid: string | null) {
    const previous = current;
    if (previous?.uid === uid) return;
    current = null;
    if (previous) {
      previous.stop();
      await previous.persister.removeClient().catch(() => undefined);
      // another session's data must not be shown (or saved) under the new one
      queryClient.clear();
    }
    if (!uid) {
      // nobody is signed in: any cache still on the device belongs to a session that is over
      await wipeQueryCaches().catch(() => undefined);
      return;
    }
    const persister = createIdbPersister(uid, options.saveThrottleMs);
    await restoreQueryCache(queryClient, persister, options.maxAge);
    if (uidStore.get() !== uid) {
      // the session changed while its cache was read: drop what was restored, the next follow takes over
      queryClient.clear();
      return;
    }
    current = { uid, persister, stop: subscribeQueryCache(queryClient, persister, options.persistedRoots) };
    // caches of sessions that ended without a logout (expired, replaced) are garbage now
    void wipeQueryCaches(uid).catch(() => undefined);
  }

  // one session change at a time, in order: a quick logout/login must not interleave two restores
  let queue = follow(uidStore.get());
  await queue;
  const offUid = uidStore.subscribe((uid) => {
    queue = queue.then(() => follow(uid)).catch(() => undefined);
  });
  const offLogout = options.onLogout?.(async () => {
    // stop saving first, or clearing the client would write an (empty) cache right back
    const ended = current;
    current = null;
    ended?.stop();
    queryClient.clear();
    // awaited: a sign-out reloads right after, which would abort a pending IndexedDB delete
    await Promise.all([ended?.persister.removeClient().catch(() => undefined), wipeOfflineData()]);
  });
  // a phone app is often killed from the background: save when it leaves the screen, not only on unload
  const flush = () => void current?.persister.flush();
  const onHidden = () => document.visibilityState === 'hidden' && flush();
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    void current?.persister.flush();
    offUid();
    offLogout?.();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
    current?.stop();
  };
}
