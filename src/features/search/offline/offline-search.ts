import type { Query, QueryClient } from '@tanstack/react-query';
import type { SearchAnswer, SearchHit, SearchModule } from '@contract/search';
import { onSessionEvent } from '@/lib/session-events';
import { cachedSources, queryRecords } from './cached-records';
import { createOfflineIndex, type OfflineIndex } from './offline-index';

/*
 * The lazy chunk's entry (MiniSearch, pinyin-pro and the index): loaded when the app goes offline (warm-offline-index.ts)
 * or the first time a search runs offline. The index is built from the query cache ahead of need or when first
 * searched, and then maintained: a query whose answer changed (or that was dropped) is re-indexed alone at the next
 * search. It lives in memory only, so a reload or a sign-out leaves nothing of it on the device.
 */

interface Built {
  client: QueryClient;
  user: string;
  index: OfflineIndex;
  /** queries changed since they were indexed, by hash */
  changed: Map<string, Query | null>;
  unwatch: () => void;
  /** resolves once every cached query is in the index, or once a build ahead of need is given up */
  ready: Promise<void>;
  /** a search waits for it: its slices follow each other at once instead of waiting for idle time */
  urgent: boolean;
}

/** Indexing gives the page back this often, so typing and scrolling go on while a phone builds a large index. */
const SLICE_MS = 30;
/** A build ahead of need runs in idle time; an idle slice this short still moves it on when no idle time comes. */
const IDLE_MIN_MS = 4;
/** ...and waits at most this long for it, so a page that is never idle still gets its index. */
const IDLE_WAIT_MS = 1_000;

/** The next turn of a build, resolving with the milliseconds it may take. */
const nextTask = () => new Promise<number>((resolve) => setTimeout(() => resolve(SLICE_MS), 0));
const idleTime = () =>
  new Promise<number>((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback((idle) => resolve(Math.min(SLICE_MS, Math.max(IDLE_MIN_MS, idle.timeRemaining()))), {
        timeout: IDLE_WAIT_MS,
      });
    else setTimeout(() => resolve(IDLE_MIN_MS), 50);
  });

let built: Built | null = null;

/** Drops the index (a sign-out, an expired session): the next person's first offline search builds their own. */
export function dropOfflineIndex(): void {
  built?.unwatch();
  built = null;
}

for (const event of ['logout', 'expired', 'force-logout'] as const) onSessionEvent(event, dropOfflineIndex);

/**
 * Indexes the cache; ahead of need (`wanted` given) in idle slices, given up as soon as it is no longer wanted (back
 * online, signed out) unless a search has come to wait for it meanwhile.
 */
function build(client: QueryClient, user: string, wanted?: () => boolean): Built {
  const index = createOfflineIndex();
  const changed = new Map<string, Query | null>();
  // subscribed before the cache is read, so nothing that changes while it is indexed is missed
  const unwatch = client.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === 'search') return;
    if (event.type === 'removed') changed.set(event.query.queryHash, null);
    else if (event.type === 'updated' && event.action.type === 'success')
      changed.set(event.query.queryHash, event.query);
  });
  const self: Built = { client, user, index, changed, unwatch, ready: Promise.resolve(), urgent: !wanted };
  const turn = async () => (self.urgent ? nextTask() : idleTime());
  const givenUp = () => !self.urgent && !!wanted && !wanted();
  self.ready = (async () => {
    // a search's own build starts at once; one ahead of need waits for the page to be idle first
    let budget = self.urgent ? SLICE_MS : await idleTime();
    if (givenUp()) return abandon(self);
    let slice = performance.now();
    for (const [source, records] of cachedSources(client)) {
      index.set(source, records);
      if (performance.now() - slice < budget) continue;
      budget = await turn();
      if (givenUp()) return abandon(self);
      slice = performance.now();
    }
  })();
  return self;
}

/** A half-built index is never searched: the next search (or going offline again) starts over. */
function abandon(given: Built): void {
  if (built === given) dropOfflineIndex();
  else given.unwatch();
}

/** Builds this person's index ahead of need, in idle time: the first offline search then finds it ready. */
export function prepareOfflineIndex(client: QueryClient, user: string, wanted: () => boolean): void {
  if (built?.client === client && built.user === user) return;
  dropOfflineIndex();
  built = build(client, user, wanted);
}

async function indexFor(client: QueryClient, user: string): Promise<OfflineIndex> {
  if (!built || built.client !== client || built.user !== user) {
    dropOfflineIndex();
    built = build(client, user);
  }
  const current = built;
  current.urgent = true;
  await current.ready;
  for (const [hash, query] of current.changed)
    current.index.set(hash, query ? queryRecords(query.queryKey, query.state.data) : []);
  current.changed.clear();
  return current.index;
}

/** Every module at once over what this person's device has cached. */
export async function searchOffline(
  client: QueryClient,
  user: string,
  keyword: string,
): Promise<SearchAnswer & { indexed: number }> {
  const index = await indexFor(client, user);
  return { ...index.search(keyword), indexed: index.size };
}

/** One module's hits over the cache. */
export async function searchOfflineModule(
  client: QueryClient,
  user: string,
  keyword: string,
  module: SearchModule,
): Promise<SearchHit[]> {
  return (await indexFor(client, user)).moduleHits(keyword, module);
}

/** How many records the current index holds (0 when there is none). */
export function offlineIndexSize(): number {
  return built?.index.size ?? 0;
}
