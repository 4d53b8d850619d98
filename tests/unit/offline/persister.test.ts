import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { setUid } from '@/lib/uid-store';
import { createIdbPersister, persistedAt, wipeQueryCaches } from '@/offline/persister';
import { restoreQueryCache, startQueryPersistence } from '@/offline/query-persistence';
import { CACHE_MAX_AGE_MS, boundCache, persistFilter } from '@/offline/query-persist-policy';
import { homeEntries, persistedRoots } from '@/modules';
import { CACHE_BUSTER } from '@/offline/query-persist-policy';

const inbox = ['message', 'inbox', { pageNum: 1, pageSize: 5 }];
const stops: Array<() => void> = [];

async function start(uid: string | null, logout?: { fire?: () => void }) {
  setUid(uid);
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
  const stop = await startQueryPersistence(queryClient, {
    saveThrottleMs: 0,
    onLogout: (fn) => {
      if (logout) logout.fire = fn;
      return () => undefined;
    },
  });
  stops.push(stop);
  return queryClient;
}

const saved = (uid: string) => vi.waitFor(async () => expect(await persistedAt(uid)).not.toBeNull());

afterEach(async () => {
  stops.splice(0).forEach((stop) => stop());
  setUid(null);
  await wipeQueryCaches();
});

describe('query cache persistence', () => {
  it('restores the same session’s lists after a restart', async () => {
    const first = await start('uid-a');
    first.setQueryData(inbox, { rows: [{ id: 'm1', title: '会议通知' }], total: 1 });
    await saved('uid-a');
    stops.splice(0).forEach((stop) => stop());

    const second = await start('uid-a');
    expect(second.getQueryData(inbox)).toEqual({ rows: [{ id: 'm1', title: '会议通知' }], total: 1 });
  });

  it('keeps each user’s cache apart: another session never sees it', async () => {
    const a = await start('uid-a');
    a.setQueryData(inbox, { rows: [{ id: 'secret' }], total: 1 });
    await saved('uid-a');
    stops.splice(0).forEach((stop) => stop());

    const b = await start('uid-b');
    expect(b.getQueryData(inbox)).toBeUndefined();
    expect(await createIdbPersister('uid-b').restoreClient()).toBeUndefined();
  });

  it('switching sessions in the same page clears what the previous user had on screen', async () => {
    const client = await start('uid-a');
    client.setQueryData(inbox, { rows: [{ id: 'secret' }], total: 1 });
    await saved('uid-a');
    setUid('uid-b');
    await vi.waitFor(() => expect(client.getQueryData(inbox)).toBeUndefined());
    await vi.waitFor(async () => expect(await persistedAt('uid-a')).toBeNull());
  });

  it('logout deletes the stored cache and empties the client', async () => {
    const logout: { fire?: () => void } = {};
    const client = await start('uid-a', logout);
    client.setQueryData(inbox, { rows: [{ id: 'm1' }], total: 1 });
    await saved('uid-a');
    logout.fire?.();
    expect(client.getQueryData(inbox)).toBeUndefined();
    await vi.waitFor(async () => expect(await persistedAt('uid-a')).toBeNull());
  });

  it('does not restore a cache older than the max age, and deletes it', async () => {
    const persister = createIdbPersister('uid-old', 0);
    const client = new QueryClient();
    client.setQueryData(inbox, { rows: [], total: 0 });
    const { dehydrate } = await import('@tanstack/react-query');
    persister.persistClient({
      timestamp: Date.now() - CACHE_MAX_AGE_MS - 60_000,
      buster: CACHE_BUSTER,
      clientState: dehydrate(client),
    });
    await persister.flush();
    expect(await persistedAt('uid-old')).not.toBeNull();

    const fresh = new QueryClient();
    expect(await restoreQueryCache(fresh, persister)).toBe(false);
    expect(fresh.getQueryData(inbox)).toBeUndefined();
    expect(await persistedAt('uid-old')).toBeNull();
  });

  it('does not restore a cache written by an incompatible build', async () => {
    const persister = createIdbPersister('uid-v0', 0);
    const client = new QueryClient();
    client.setQueryData(inbox, { rows: [], total: 0 });
    const { dehydrate } = await import('@tanstack/react-query');
    persister.persistClient({ timestamp: Date.now(), buster: 'oa-cache-0', clientState: dehydrate(client) });
    await persister.flush();
    expect(await restoreQueryCache(new QueryClient(), persister)).toBe(false);
  });
});

describe('what is persisted', () => {
  it('keeps successful queries of the shared roots and the roots the module manifests name', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['flow', 'todo'], { rows: [], total: 0 });
    client.setQueryData(['message', 'badges'], { flow: 1 });
    client.setQueryData(['scratch', 'x'], 1);
    await client.prefetchQuery({ queryKey: ['news', 'list'], queryFn: () => Promise.reject(new Error('boom')) });
    const kept = client
      .getQueryCache()
      .getAll()
      .filter(persistFilter(persistedRoots))
      .map((q) => q.queryKey[0]);
    expect(kept).toEqual(['flow', 'message']);
  });

  it('a cached list whose refetch failed offline is still saved, and restored as its last answer, not as an error', async () => {
    const client = await start('uid-a');
    client.setQueryData(inbox, { rows: [{ id: 'm1', title: '会议通知' }], total: 1 });
    await saved('uid-a');
    await client
      .fetchQuery({ queryKey: inbox, queryFn: () => Promise.reject(new Error('离线')), staleTime: 0, retry: false })
      .catch(() => undefined);
    expect(client.getQueryState(inbox)?.status).toBe('error');
    // the failed refetch is saved too (the cache changed): what is stored must still hold the rows
    await new Promise((resolve) => setTimeout(resolve, 20));
    stops.splice(0).forEach((stop) => stop());

    const restarted = await start('uid-a');
    expect(restarted.getQueryData(inbox)).toEqual({ rows: [{ id: 'm1', title: '会议通知' }], total: 1 });
    expect(restarted.getQueryState(inbox)?.status).toBe('success');
    expect(restarted.getQueryState(inbox)?.error).toBeNull();
  });

  it('the module list names each root once (no mail/email pair)', () => {
    expect(persistedRoots).toEqual(expect.arrayContaining(['flow', 'meeting', 'schedule', 'custom', 'news']));
    expect(new Set(persistedRoots).size).toBe(persistedRoots.length);
    expect(homeEntries.map((e) => e.key)).toEqual([
      'flow',
      'news',
      'mail',
      'meeting',
      'schedule',
      'contacts',
      'custom',
      'ai',
    ]);
    expect(homeEntries.filter((e) => e.to).map((e) => e.title)).toEqual([
      '审批',
      '资讯',
      '邮件',
      '会议',
      '日程',
      '通讯录',
      '业务建模',
      'AI助手',
    ]);
    expect(persistedRoots).toContain('ai');
    expect(persistedRoots).toContain('mail');
    expect(homeEntries.find((e) => e.key === 'mail')?.badge).toBe('mail');
  });

  it('keeps only the first page of infinite lists and drops the oldest queries to fit the size bound', () => {
    const query = (key: string, at: number, data: unknown) => ({
      queryKey: [key],
      queryHash: JSON.stringify([key]),
      state: { data, dataUpdatedAt: at, status: 'success' },
    });
    const big = 'x'.repeat(2000);
    const state = {
      mutations: [],
      queries: [
        query('mail', 5, { pages: [{ rows: ['p1'] }, { rows: ['p2'] }], pageParams: [1, 2] }),
        query('news', 2, big),
        query('flow', 3, big),
      ],
    } as unknown as Parameters<typeof boundCache>[0];
    const bounded = boundCache(state, 4000);
    expect(bounded.queries.map((q) => q.queryKey[0])).toEqual(['mail', 'flow']);
    expect(bounded.queries[0]!.state.data).toEqual({ pages: [{ rows: ['p1'] }], pageParams: [1] });
  });
});
