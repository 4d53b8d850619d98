/// <reference lib="WebWorker" />
import type { Page } from '../contract/pagination';
import type { FlowListRow, InstanceDetail } from '../contract/flow';
import { previewAddressOn, storedFilesIn } from '../src/components/file-preview/preview-address';
import { flowKeys } from '../src/lib/flow-query-keys';
import { readOutboxAuthority, type OutboxAuthority } from '../src/lib/outbox-authority';
import { openFileCache } from '../src/lib/file-cache';
import { LIST_PAGE_SIZE } from '../src/lib/spec-limits';
import { createIdbPersister } from '../src/offline/persister';
import { CACHE_BUSTER } from '../src/offline/query-persist-policy';
import { keepWithin, SYNC_BUDGET_BYTES, type WantedFile } from '../src/offline/sync-ahead/keep-within';
import { mergeAnswers, savedFor, type KeptAnswer } from '../src/offline/sync-ahead/merge-persisted';
import { noteWorkerKept } from '../src/offline/sync-ahead/worker-kept';

/** A heavy approver's open work in one request; the rest waits for the page's own sync. */
const SYNC_ROWS = 100;
const PARALLEL_READS = 4;

/** The session ended (401): nothing more is asked as that person. */
class SessionEnded extends Error {}

type Get = <T>(path: string) => Promise<T>;

function apiAs(authority: OutboxAuthority, fetchFn: typeof fetch): Get {
  return async <T>(path: string) => {
    const answer = await fetchFn(`${authority.baseUrl}${path}`, { headers: { uid: authority.uid } });
    const body = (await answer.json().catch(() => null)) as { code?: number; data?: T } | null;
    if (answer.status === 401 || body?.code === 401) throw new SessionEnded();
    if (!answer.ok || body?.code !== 200) throw new Error(`${path} answered ${answer.status}`);
    return body.data as T;
  };
}

async function eachInParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, items.length) }, lane));
}

/** The open 待办 as the screens read them: the list's first page, and each request's detail with its files. */
async function readTodo(get: Get, baseUrl: string): Promise<{ answers: KeptAnswer[]; files: WantedFile[] }> {
  const [firstPage, open] = await Promise.all([
    get<Page<FlowListRow>>(`/api/flow/task/todo?pageNum=1&pageSize=${LIST_PAGE_SIZE}`),
    get<Page<FlowListRow>>(`/api/flow/task/todo?pageNum=1&pageSize=${SYNC_ROWS}`),
  ]);
  // the 待办 screen's key (get-flow-list.ts through pagedListQuery): the list's root and its empty search
  const answers: KeptAnswer[] = [
    {
      queryKey: [...flowKeys.list('todo'), { keyword: '' }],
      data: { pages: [firstPage], pageParams: [1] },
      infinite: true,
    },
  ];
  const files: WantedFile[] = [];
  const rows = [...firstPage.rows, ...open.rows];
  await eachInParallel([...new Set(rows.map((row) => row.instanceId))], async (instanceId) => {
    const detail = await get<InstanceDetail>(`/api/flow/instances/${encodeURIComponent(instanceId)}`).catch(
      (error: unknown) => {
        if (error instanceof SessionEnded) throw error;
        return null;
      },
    );
    if (!detail) return;
    answers.push({ queryKey: flowKeys.instance(instanceId), data: detail });
    const at = Date.parse(rows.find((row) => row.instanceId === instanceId)?.sortedAt ?? detail.createdAt) || 0;
    for (const file of storedFilesIn([detail.formData, detail.trace.map((step) => step.attachments)]))
      files.push({ address: previewAddressOn(baseUrl, file), at, group: '待办' });
  });
  return { answers, files };
}

/** What the files already in the cache and not wanted now take (their told sizes): the budget is shared with them. */
async function usedByOthers(cache: Cache, wanted: Set<string>): Promise<number> {
  let used = 0;
  for (const request of await cache.keys()) {
    if (wanted.has(request.url)) continue;
    used += Number((await cache.match(request))?.headers.get('content-length') ?? 0);
  }
  return used;
}

/**
 * 离线同步 of the open 待办 with no app window open (a push, a periodic sync): as the signed-in person the page last
 * handed the worker, into that session's persisted cache and the file cache, so the 待办 that arrived opens offline
 * later. Does nothing without a session whose saved cache is that person's; a 401 stops quietly. The 离线数据 summary
 * (the page's localStorage) is left to the page's next sync.
 */
export async function syncTodoInWorker(fetchFn: typeof fetch = (input, init) => fetch(input, init)): Promise<void> {
  const authority = await readOutboxAuthority();
  if (!authority) return;
  const persister = createIdbPersister(authority.uid, 0);
  const before = await persister.restoreClient();
  if (!before || before.buster !== CACHE_BUSTER || !savedFor(before.clientState, authority.uid, authority.userKey))
    return;
  let read: Awaited<ReturnType<typeof readTodo>>;
  try {
    read = await readTodo(apiAs(authority, fetchFn), authority.baseUrl);
  } catch (error) {
    if (error instanceof SessionEnded) return;
    throw error;
  }
  // read again: a page may have saved (or a sign-out deleted) the cache while the answers came
  const saved = await persister.restoreClient();
  if (!saved || saved.buster !== CACHE_BUSTER || !savedFor(saved.clientState, authority.uid, authority.userKey)) return;
  const now = Date.now();
  persister.persistClient({
    ...saved,
    timestamp: now,
    clientState: mergeAnswers(saved.clientState, read.answers, now),
  });
  await persister.flush();
  const cache = await openFileCache();
  if (!cache || !read.files.length) return;
  const dataBytes = JSON.stringify(read.answers).length;
  const others = await usedByOthers(cache, new Set(read.files.map((file) => file.address)));
  const kept = await keepWithin(read.files, Math.max(0, SYNC_BUDGET_BYTES - dataBytes - others), {
    cache,
    previous: {},
    signal: new AbortController().signal,
    fetchFile: (address) => fetchFn(address, { headers: { uid: authority.uid } }),
  });
  // the page's next sync takes these over (counts them, deletes those no longer wanted)
  await noteWorkerKept(authority.userKey, kept);
}
