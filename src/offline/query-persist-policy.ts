import type { Query } from '@tanstack/react-query';
import type { DehydratedState } from '@tanstack/react-query';

/** Bumped when cached data shapes change incompatibly; an old cache is then dropped instead of restored. */
// 2: mail list rows cached before it named bcc recipients to every recipient; no phone may keep them
export const CACHE_BUSTER = 'oa-cache-2';
/** Cached data older than this is not restored (a week-old to-do list would mislead more than help). */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Upper bound of the serialized cache; the oldest queries are dropped first to stay under it. */
export const CACHE_MAX_BYTES = 3 * 1024 * 1024;

/**
 * Key roots every user needs offline whatever the modules: the current user, the shared upms data (site config,
 * dictionaries, selector trees) and the message centre (badges, inbox). Modules add their own roots in their
 * manifest (src/modules.ts); anything else (e.g. one-off searches of a tool page) stays in memory only.
 */
export const SHARED_PERSISTED_ROOTS = ['session', 'upms', 'message'] as const;

/**
 * Queries under an allowed root that hold an answer. A refetch that failed (offline, a dropped connection) leaves the
 * query in error with its last answer: that answer is still what the user should see next time, so it is kept; only
 * a query that never had an answer (an error or an in-flight placeholder) is left out.
 */
export function persistFilter(moduleRoots: readonly string[]): (query: Query) => boolean {
  const roots = new Set<string>([...SHARED_PERSISTED_ROOTS, ...moduleRoots]);
  return (query) => {
    const root = query.queryKey[0];
    return query.state.data !== undefined && typeof root === 'string' && roots.has(root);
  };
}

type DehydratedQuery = DehydratedState['queries'][number];

/** Saved as its last good answer: a failed refetch's error is not restored (the next start would show 加载失败). */
export function lastGoodAnswer(query: DehydratedQuery): DehydratedQuery {
  if (query.state.status !== 'error') return query;
  return {
    ...query,
    state: { ...query.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null },
  };
}

function isInfiniteData(data: unknown): data is { pages: unknown[]; pageParams: unknown[] } {
  return (
    !!data &&
    typeof data === 'object' &&
    Array.isArray((data as { pages?: unknown }).pages) &&
    Array.isArray((data as { pageParams?: unknown }).pageParams)
  );
}

/** Only the first page of an infinite list is kept: later pages are cheap to refetch and expensive to store. */
export function keepFirstPage(query: DehydratedQuery): DehydratedQuery {
  const data = query.state.data;
  if (!isInfiniteData(data) || data.pages.length <= 1) return query;
  return {
    ...query,
    state: { ...query.state, data: { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } },
  };
}

/** Trims a dehydrated cache to first pages and drops the oldest queries until it fits in maxBytes. */
export function boundCache(state: DehydratedState, maxBytes = CACHE_MAX_BYTES): DehydratedState {
  const queries = state.queries.map((q) => keepFirstPage(lastGoodAnswer(q)));
  const sizes = queries.map((q) => JSON.stringify(q).length);
  let total = sizes.reduce((a, b) => a + b, 0);
  if (total <= maxBytes) return { ...state, queries };
  const byAge = queries.map((q, i) => ({ i, at: q.state.dataUpdatedAt })).sort((a, b) => a.at - b.at);
  const dropped = new Set<number>();
  for (const { i } of byAge) {
    if (total <= maxBytes) break;
    // the current user is what an offline start needs first; it goes last
    if (queries[i]!.queryKey[0] === 'session') continue;
    dropped.add(i);
    total -= sizes[i]!;
  }
  return { ...state, queries: queries.filter((_, i) => !dropped.has(i)) };
}
