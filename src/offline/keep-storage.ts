import { createStore, get, set, type UseStore } from 'idb-keyval';

const KEPT_MARK = 'oa.storageKeptAt';
let markStore: UseStore | null = null;
const store = () => (markStore ??= createStore('oa-storage-mark', 'mark'));

/**
 * Asks the browser to keep this origin's data (cached lists and details, previews, queued writes) instead of evicting
 * it when the device runs short of space. Chromium answers from its own signals (installed, notifications allowed)
 * without a prompt. True when the data is kept.
 */
export async function askToKeepStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

/**
 * Whether the browser evicted the offline data since the last start: a mark is kept both in IndexedDB (evicted with
 * the data) and in localStorage (which eviction leaves, like the session itself); one without the other means the
 * data went. Then marks again, so the notice is given once.
 */
export async function storageWasEvicted(): Promise<boolean> {
  try {
    const remembered = localStorage.getItem(KEPT_MARK);
    const stored = await get<number>('kept', store());
    const evicted = Boolean(remembered) && stored === undefined;
    const now = Date.now();
    await set('kept', now, store());
    localStorage.setItem(KEPT_MARK, String(now));
    return evicted;
  } catch {
    return false;
  }
}
