import { hashKey } from '@tanstack/query-core';
import type { DehydratedState } from '@tanstack/react-query';

/*
 * The service worker's 离线同步 writes into the page's persisted query cache (persister.ts) while no page is open:
 * each answer goes in as the page's own dehydrate would have saved it, under the key and hash the screen reads, so the
 * next start (even offline) restores it like any other query.
 */

type DehydratedQuery = DehydratedState['queries'][number];

/** One answer to keep: the screen's query key and the data its query function answers. */
export interface KeptAnswer {
  queryKey: readonly unknown[];
  data: unknown;
  /** an infinite list (its data is `{ pages, pageParams }`) */
  infinite?: boolean;
}

function dehydrated(answer: KeptAnswer, before: DehydratedQuery | undefined, now: number): DehydratedQuery {
  return {
    ...before,
    dehydratedAt: now,
    queryKey: [...answer.queryKey],
    queryHash: hashKey(answer.queryKey),
    ...(answer.infinite ? { queryType: 'infinite' as const } : {}),
    state: {
      error: null,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      ...before?.state,
      data: answer.data,
      dataUpdateCount: (before?.state.dataUpdateCount ?? 0) + 1,
      dataUpdatedAt: now,
      fetchFailureCount: 0,
      isInvalidated: false,
      status: 'success',
      fetchStatus: 'idle',
    },
  };
}

/** The saved cache with the answers in it: an answer replaces the query saved under the same hash, the rest stays. */
export function mergeAnswers(state: DehydratedState, answers: KeptAnswer[], now = Date.now()): DehydratedState {
  const byHash = new Map(state.queries.map((query) => [query.queryHash, query]));
  for (const answer of answers) {
    const hash = hashKey(answer.queryKey);
    byHash.set(hash, dehydrated(answer, byHash.get(hash), now));
  }
  return { ...state, queries: [...byHash.values()] };
}

/**
 * Whether the saved cache is the signed-in session of `userKey` (its current user, src/session/current-user-query.ts):
 * the worker never writes another person's answers into it.
 */
export function savedFor(state: DehydratedState, uid: string, userKey: string): boolean {
  const hash = hashKey(['session', 'current-user', uid]);
  const user = state.queries.find((query) => query.queryHash === hash)?.state.data as
    { userVo?: { id?: unknown } } | undefined;
  return user?.userVo?.id === userKey;
}
