import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUid } from '@/lib/uid-store';
import { sessionKeys } from '@/session/current-user-query';
import { clearSyncedData, configureSyncAhead, syncAheadNow } from '@/offline/sync-ahead/sync-ahead';
import { syncAheadStatus } from '@/offline/sync-ahead/sync-ahead-status';
import { noteWorkerKept, workerKept } from '@/offline/sync-ahead/worker-kept';
import { stubFileCache } from '../support/file-cache-stub';

// Issue 45 §1: files the service worker kept with the app closed count in the budget and go when no longer wanted.
afterEach(() => {
  setUid(null);
  vi.unstubAllGlobals();
});

/** 李四 signed in, whose one open 待办 still names `/still-open`; his earlier one was handled. */
function lisiWithOneOpenTodo(): QueryClient {
  const queryClient = new QueryClient();
  setUid('t-1');
  queryClient.setQueryData(sessionKeys.currentUser('t-1'), { userVo: { id: 'lisi-id' } });
  configureSyncAhead({
    queryClient,
    steps: [
      {
        groups: ['待办'],
        async run({ kept, keepFiles }) {
          kept('待办', 1, [{ title: '请假' }]);
          keepFiles('待办', [{ address: '/still-open', at: 2 }]);
        },
      },
    ],
  });
  return queryClient;
}

describe('files the worker kept ahead', () => {
  it('are taken over by the page’s next sync: the wanted one counts, the handled one is deleted', async () => {
    const cache = stubFileCache({ '/still-open': '1234', '/handled': '123456' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('not asked', { status: 500 })),
    );
    await noteWorkerKept('lisi-id', {
      '/still-open': { size: 4, at: 2, group: '待办' },
      '/handled': { size: 6, at: 1, group: '待办' },
    });
    lisiWithOneOpenTodo();
    await syncAheadNow();
    expect([...cache.keys()]).toEqual(['/still-open']);
    expect(syncAheadStatus.get().groups['待办']).toMatchObject({ files: 1, fileBytes: 4 });
    expect(await workerKept('lisi-id')).toEqual({});
  });

  it('go with 清除 too', async () => {
    const cache = stubFileCache({ '/kept-by-worker': 'abc' });
    lisiWithOneOpenTodo();
    await noteWorkerKept('lisi-id', { '/kept-by-worker': { size: 3, at: 1, group: '待办' } });
    await clearSyncedData();
    expect([...cache.keys()]).toEqual([]);
    expect(await workerKept('lisi-id')).toEqual({});
  });
});
