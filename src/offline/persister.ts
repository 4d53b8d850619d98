import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import type { DehydratedState } from '@tanstack/react-query';
import { boundCache } from './query-persist-policy';

const KEY_PREFIX = 'oa-query-cache:';
const SAVE_THROTTLE_MS = 500;

let cacheStore: UseStore | null = null;
/** One IndexedDB database for every user's cache; each user has one key in it. */
function store(): UseStore {
  cacheStore ??= createStore('oa-query-cache', 'clients');
  return cacheStore;
}

export function cacheKeyFor(userKey: string): string {
  return `${KEY_PREFIX}${userKey}`;
}

/** What is stored per user: the dehydrated cache, when it was saved, and the build's cache version. */
export interface PersistedClient {
  timestamp: number;
  buster: string;
  clientState: DehydratedState;
}

export interface IdbPersister {
  /** a function is called only when the throttled write happens, so a busy cache is dehydrated once per write */
  persistClient(client: PersistedClient | (() => PersistedClient)): void;
  restoreClient(): Promise<PersistedClient | undefined>;
  removeClient(): Promise<void>;
  /** writes a pending throttled save now (before a reload or logout) */
  flush(): Promise<void>;
  readonly key: string;
}

/**
 * A TanStack Query persister over idb-keyval (the shape of @tanstack/query-persist-client's Persister; that package
 * bundles its own older query-core, so the app does its own hydrate/dehydrate with the one it renders with). Saves are throttled (the cache changes on every fetch) and bounded
 * (first pages only, oldest dropped first) so the store stays small on a phone.
 */
export function createIdbPersister(userKey: string, throttleMs = SAVE_THROTTLE_MS): IdbPersister {
  const key = cacheKeyFor(userKey);
  let pending: PersistedClient | (() => PersistedClient) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let removed = false;

  async function write() {
    timer = null;
    const next = pending;
    pending = null;
    if (!next || removed) return;
    try {
      const client = typeof next === 'function' ? next() : next;
      await set(key, { ...client, clientState: boundCache(client.clientState) }, store());
    } catch {
      // quota or a closed database: the cache is an optimisation, the app keeps working without it
    }
  }

  return {
    key,
    persistClient(client) {
      removed = false;
      pending = client;
      timer ??= setTimeout(() => void write(), throttleMs);
    },
    async restoreClient() {
      return (await get<PersistedClient>(key, store())) ?? undefined;
    },
    async removeClient() {
      removed = true;
      pending = null;
      if (timer) clearTimeout(timer);
      timer = null;
      await del(key, store());
    },
    async flush() {
      if (timer) clearTimeout(timer);
      await write();
    },
  };
}

/** Deletes every user's persisted cache except `keep` (logout, or a stale cache left by an expired session). */
export async function wipeQueryCaches(keep?: string): Promise<void> {
  const all = await keys(store());
  const keepKey = keep ? cacheKeyFor(keep) : null;
  await Promise.all(
    all.filter((k) => typeof k === 'string' && k.startsWith(KEY_PREFIX) && k !== keepKey).map((k) => del(k, store())),
  );
}

/** The saved-at time of a user's persisted cache, or null. */
export async function persistedAt(userKey: string): Promise<number | null> {
  const client = await get<PersistedClient>(cacheKeyFor(userKey), store());
  return client?.timestamp ?? null;
}
