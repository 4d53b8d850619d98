import type { QueryClient } from '@tanstack/react-query';
import type { SyncAheadStep } from '@/lib/sync-ahead-source';
import { startSyncAhead } from '@/offline/sync-ahead/start-sync-ahead';
import followSteps from '@/features/follow/sync-ahead';
import mailSteps from '@/features/mail/sync-ahead';
import meetingSteps from '@/features/meeting/sync-ahead';
import scheduleSteps from '@/features/schedule/sync-ahead';
import addressBookSteps from '@/features/addressbook/sync-ahead';
import { warmOfflineIndex } from '@/features/search/offline/warm-offline-index';

/**
 * Every module's 离线同步 step (src/features/<module>/sync-ahead.ts), in the order 我的 → 离线数据 lists them. Beside
 * modules.ts rather than in the manifests: main.tsx loads this file as one chunk after the opening, so 离线同步 adds
 * nothing to the first load but that call.
 */
export const syncAheadSteps: SyncAheadStep[] = [
  ...followSteps,
  ...mailSteps,
  ...meetingSteps,
  ...scheduleSteps,
  ...addressBookSteps,
];

/**
 * Starts 离线同步 with every module's steps (its triggers: src/offline/sync-ahead/start-sync-ahead.ts), and the watch
 * that builds the offline search's index once the app goes offline: both ready the device for being offline, and in
 * this chunk neither adds to the first load.
 */
export function startSyncAheadOf(queryClient: QueryClient): () => void {
  const stopSync = startSyncAhead(queryClient, syncAheadSteps);
  const stopWarm = warmOfflineIndex(queryClient);
  return () => {
    stopSync();
    stopWarm();
  };
}
