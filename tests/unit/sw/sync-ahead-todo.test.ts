import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import type { FlowListRow } from '@contract/flow';
import { forgetOutboxAuthority, saveOutboxAuthority } from '@/lib/outbox-authority';
import { createIdbPersister, wipeQueryCaches } from '@/offline/persister';
import { restoreQueryCache } from '@/offline/query-persistence';
import { sessionKeys } from '@/session/current-user-query';
import { flowListQuery } from '@/features/follow/api/get-flow-list';
import { instanceQueryOptions } from '@/features/follow/api/get-instance';
import { keptPreviewAddress } from '@/components/file-preview/kept-preview-address';
import { syncTodoInWorker } from '../../../sw/sync-ahead-todo';
import { PERIODIC_SYNC_TAG } from '@/lib/sync-ahead-wakeup';
import { handleSyncAheadWakeups, wakeOrSync } from '../../../sw/sync-ahead-wakeup';
import { workerKept } from '@/offline/sync-ahead/worker-kept';
import { CACHE_BUSTER } from '@/offline/query-persist-policy';
import { stubFileCache } from '../support/file-cache-stub';

const UID = 'session-of-lisi';
const STALE = 'stale-instance';

afterEach(async () => {
  vi.unstubAllGlobals();
  await wipeQueryCaches();
  await forgetOutboxAuthority();
});

/** What the page saved for 李四's session: his current user and a 待办 he read earlier. */
async function savedSession(userId = 'lisi') {
  const page = new QueryClient();
  page.setQueryData(sessionKeys.currentUser(UID), { userVo: { id: userId, realName: '李四' } });
  page.setQueryData(instanceQueryOptions(STALE).queryKey, { id: STALE } as never);
  const persister = createIdbPersister(UID, 0);
  persister.persistClient({ timestamp: Date.now(), buster: CACHE_BUSTER, clientState: dehydrate(page) });
  await persister.flush();
  await saveOutboxAuthority({ userKey: 'lisi', uid: UID, baseUrl: '' });
  return persister;
}

const row = { id: 't-new', instanceId: 'i-new', title: '张三的请假', sortedAt: '2026-11-29T10:00:00Z' } as FlowListRow;
const detail = {
  id: 'i-new',
  createdAt: '2026-11-29T10:00:00Z',
  formData: { reason: '回老家', files: [{ fileName: 'f-1.pdf', attachName: '请假说明.pdf' }] },
  trace: [],
};
const attachment = keptPreviewAddress({ fileName: 'f-1.pdf', attachName: '请假说明.pdf' });

/** The API as the worker reaches it: 待办, the request's detail and its file; `status` answers every call instead. */
function api(status = 200) {
  const asked: { url: string; uid: string | null }[] = [];
  const fetchFn = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    asked.push({ url, uid: new Headers(init?.headers).get('uid') });
    if (status !== 200) return Response.json({ code: status, msg: '登录状态已过期', data: null }, { status });
    if (url === attachment) return new Response('%PDF-1.4 bytes');
    const data = url.startsWith('/api/flow/task/todo') ? { rows: [row], total: 1 } : detail;
    return Response.json({ code: 200, msg: '操作成功', data });
  });
  return { asked, fetchFn: fetchFn as typeof fetch };
}

/** The app started again: the saved cache restored into a fresh client, as the page restores it. */
async function reopened() {
  const client = new QueryClient();
  expect(await restoreQueryCache(client, createIdbPersister(UID, 0))).toBe(true);
  return client;
}

describe('the service worker’s 离线同步 of the open 待办 (issue 45 §1)', () => {
  it('writes the 待办 and each detail under the keys the screens read, and keeps the attachment', async () => {
    await savedSession();
    const files = stubFileCache();
    const { asked, fetchFn } = api();
    await syncTodoInWorker(fetchFn);

    expect(asked.every((call) => call.uid === UID)).toBe(true);
    const client = await reopened();
    expect(client.getQueryData(flowListQuery('todo')('').queryKey)).toEqual({
      pages: [{ rows: [row], total: 1 }],
      pageParams: [1],
    });
    expect(client.getQueryData(instanceQueryOptions('i-new').queryKey)).toEqual(detail);
    // what the page saved stays, its current user first of all
    expect(client.getQueryData(instanceQueryOptions(STALE).queryKey)).toEqual({ id: STALE });
    expect(client.getQueryData(sessionKeys.currentUser(UID))).toMatchObject({ userVo: { id: 'lisi' } });
    expect(await files.get(attachment)?.text()).toBe('%PDF-1.4 bytes');
    // noted for the page's next sync, which counts it in the budget and deletes it once it is no longer wanted
    expect(Object.keys(await workerKept('lisi'))).toEqual([attachment]);
  });

  it('never syncs into the cache of another person, and stops quietly on a 401', async () => {
    await savedSession('wangwu');
    stubFileCache();
    const other = api();
    await syncTodoInWorker(other.fetchFn);
    expect(other.asked).toEqual([]);

    await wipeQueryCaches();
    const persister = await savedSession();
    const before = await persister.restoreClient();
    const ended = api(401);
    await expect(syncTodoInWorker(ended.fetchFn)).resolves.toBeUndefined();
    expect(ended.asked.length).toBeGreaterThan(0);
    expect(await persister.restoreClient()).toEqual(before);
  });

  it('does nothing with no session handed to the worker', async () => {
    const { asked, fetchFn } = api();
    await syncTodoInWorker(fetchFn);
    expect(asked).toEqual([]);
  });
});

describe('a push or a periodic sync', () => {
  const windows = (open: { postMessage: (message: unknown) => void }[]) =>
    vi.stubGlobal('clients', { matchAll: vi.fn(async () => open) });

  it('wakes the open app windows, which sync themselves, and does not sync in the worker', async () => {
    const postMessage = vi.fn();
    windows([{ postMessage }]);
    const sync = vi.fn(async () => undefined);
    await wakeOrSync(sync);
    expect(postMessage).toHaveBeenCalledWith({ type: 'SYNC_AHEAD' });
    expect(sync).not.toHaveBeenCalled();
  });

  it('syncs in the worker when no app window is open, and a failed sync does not fail the event', async () => {
    windows([]);
    const sync = vi.fn(async () => Promise.reject(new Error('offline')));
    await expect(wakeOrSync(sync)).resolves.toBeUndefined();
    expect(sync).toHaveBeenCalledOnce();
  });

  it('answers its own periodic sync tag and every push, not another periodic sync', async () => {
    windows([]);
    const listeners = new Map<string, (event: unknown) => void>();
    const listen = vi
      .spyOn(self, 'addEventListener')
      .mockImplementation(
        ((type: string, listener: () => void) => void listeners.set(type, listener)) as typeof self.addEventListener,
      );
    const sync = vi.fn(async () => undefined);
    handleSyncAheadWakeups(sync);
    listen.mockRestore();
    const fire = async (type: string, tag?: string) => {
      const waits: Promise<unknown>[] = [];
      listeners.get(type)!({ tag, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
      await Promise.all(waits);
    };
    await fire('periodicsync', 'another-tag');
    expect(sync).not.toHaveBeenCalled();
    await fire('periodicsync', PERIODIC_SYNC_TAG);
    await fire('push');
    expect(sync).toHaveBeenCalledTimes(2);
  });
});
