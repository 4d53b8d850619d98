import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncAheadStep } from '@/lib/sync-ahead-source';
import { setUid } from '@/lib/uid-store';
import { sessionKeys } from '@/session/current-user-query';
import { clearSyncedData, configureSyncAhead, syncAheadNow } from '@/offline/sync-ahead/sync-ahead';
import { syncAheadStatus } from '@/offline/sync-ahead/sync-ahead-status';

afterEach(() => setUid(null));

/** A signed-in 李四 (uid token t-1) whose current-user answer is in the client, as after login. */
function signedIn(): QueryClient {
  const queryClient = new QueryClient();
  setUid('t-1');
  queryClient.setQueryData(sessionKeys.currentUser('t-1'), { userVo: { id: 'lisi-id' } });
  return queryClient;
}

describe('离线同步 runner', () => {
  it('runs every step once, counts what each kept, and says when a step could not finish', async () => {
    const queryClient = signedIn();
    let runs = 0;
    const steps: SyncAheadStep[] = [
      {
        groups: ['待办', '待阅'],
        async run({ queryClient: client, kept }) {
          runs += 1;
          client.setQueryData(['flow', 'instance', 'a'], { title: '请假' });
          kept('待办', 2, [{ title: '请假' }, { title: '报销' }]);
        },
      },
      {
        groups: ['邮件'],
        run: async () => {
          throw new Error('network');
        },
      },
    ];
    configureSyncAhead({ queryClient, steps });
    await Promise.all([syncAheadNow(), syncAheadNow()]);
    expect(runs).toBe(1);
    const status = syncAheadStatus.get();
    expect(status).toMatchObject({ running: false, incomplete: true, order: ['待办', '待阅', '邮件'] });
    const dataBytes = JSON.stringify([{ title: '请假' }, { title: '报销' }]).length;
    expect(status.groups['待办']).toEqual({ items: 2, dataBytes, files: 0, fileBytes: 0 });
    expect(status.groups['待阅']).toEqual({ items: 0, dataBytes: 0, files: 0, fileBytes: 0 });
    expect(status.lastSyncAt).toBeGreaterThan(0);
    // kept per person: the summary is there after a restart, for this person only
    expect(JSON.parse(localStorage.getItem('oa.syncAhead:lisi-id')!).status.groups['待办'].items).toBe(2);
  });

  it('清除 drops the kept answers but the signed-in user, and forgets the summary', async () => {
    const queryClient = signedIn();
    configureSyncAhead({
      queryClient,
      steps: [
        {
          groups: ['待办'],
          async run({ queryClient: client, kept }) {
            client.setQueryData(['flow', 'instance', 'a'], { title: '请假' });
            kept('待办', 1, {});
          },
        },
      ],
    });
    await syncAheadNow();
    await clearSyncedData();
    expect(queryClient.getQueryData(['flow', 'instance', 'a'])).toBeUndefined();
    expect(queryClient.getQueryData(sessionKeys.currentUser('t-1'))).toEqual({ userVo: { id: 'lisi-id' } });
    expect(localStorage.getItem('oa.syncAhead:lisi-id')).toBeNull();
    expect(syncAheadStatus.get()).toMatchObject({ lastSyncAt: null, order: [], groups: {} });
  });

  it('does nothing signed out', async () => {
    let runs = 0;
    configureSyncAhead({ queryClient: new QueryClient(), steps: [{ groups: ['待办'], run: async () => void runs++ }] });
    await syncAheadNow();
    expect(runs).toBe(0);
  });
});
