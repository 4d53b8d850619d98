import type { QueryClient } from '@tanstack/react-query';
import type { SyncAheadContext, SyncAheadStep } from '@/lib/sync-ahead-source';
import { isOnline } from '../online-status';
import { currentUserKey } from '../current-user-key';
import { dropKeptFiles, keepFilesWithin, type WantedFile } from './keep-files';
import { forgetWorkerKept, workerKept } from './worker-kept';
import {
  emptySyncStatus,
  forgetSavedSync,
  readSavedSync,
  SYNC_BUDGET_BYTES,
  syncAheadStatus,
  writeSavedSync,
  type SyncGroupStatus,
} from './sync-ahead-status';

interface SyncAheadConfig {
  queryClient: QueryClient;
  steps: SyncAheadStep[];
  budgetBytes?: number;
}

let config: SyncAheadConfig | null = null;
let running: Promise<void> | null = null;
let controller: AbortController | null = null;

/** Shows the person's last sync (from this device) on 离线数据 before a new one runs. */
export function showSavedSync(): void {
  const userKey = config && currentUserKey(config.queryClient);
  const saved = userKey ? readSavedSync(userKey) : null;
  syncAheadStatus.set({ ...emptySyncStatus(), ...saved?.status, running: running !== null });
}

export function configureSyncAhead(next: SyncAheadConfig): void {
  config = next;
  showSavedSync();
}

const zero = (): SyncGroupStatus => ({ items: 0, dataBytes: 0, files: 0, fileBytes: 0 });

/** The UTF-16 length of the answer as JSON: about what it takes in the persisted cache. */
function jsonSize(data: unknown): number {
  try {
    return JSON.stringify(data)?.length ?? 0;
  } catch {
    return 0;
  }
}

async function runSync({ queryClient, steps, budgetBytes = SYNC_BUDGET_BYTES }: SyncAheadConfig, userKey: string) {
  controller = new AbortController();
  const { signal } = controller;
  syncAheadStatus.set((s) => ({ ...s, running: true }));
  const groups: Record<string, SyncGroupStatus> = {};
  const wanted: WantedFile[] = [];
  const context: SyncAheadContext = {
    queryClient,
    signal,
    kept(group, items, data) {
      const g = (groups[group] ??= zero());
      g.items += items;
      g.dataBytes += jsonSize(data);
    },
    keepFiles(group, files) {
      wanted.push(...files.map((file) => ({ ...file, group })));
    },
  };
  let incomplete = false;
  for (const step of steps) {
    if (signal.aborted) break;
    try {
      await step.run(context);
    } catch {
      incomplete = true;
    }
  }
  const order = steps.flatMap((step) => step.groups);
  for (const group of order) groups[group] ??= zero();
  const dataBytes = Object.values(groups).reduce((sum, g) => sum + g.dataBytes, 0);
  // what the worker kept with the app closed counts too, and goes once no longer wanted
  const previous = { ...(await workerKept(userKey)), ...(readSavedSync(userKey)?.files ?? {}) };
  const files = await keepFilesWithin(wanted, Math.max(0, budgetBytes - dataBytes), previous, signal);
  if (signal.aborted || currentUserKey(queryClient) !== userKey) return;
  await forgetWorkerKept(userKey);
  for (const file of Object.values(files)) {
    const g = (groups[file.group] ??= zero());
    g.files += 1;
    g.fileBytes += file.size;
  }
  const status = { lastSyncAt: Date.now(), incomplete: incomplete || !isOnline(), order, groups, budgetBytes };
  writeSavedSync(userKey, { status, files });
  syncAheadStatus.set({ ...status, running: false });
}

/**
 * 离线同步: every module's step fills the query cache the screens read, then the files are kept within the budget.
 * One sync at a time (a second call while one runs answers the running one); nothing runs offline or signed out.
 */
export function syncAheadNow(): Promise<void> {
  if (running) return running;
  const current = config;
  const userKey = current && currentUserKey(current.queryClient);
  if (!current || !userKey || !isOnline()) return Promise.resolve();
  running = runSync(current, userKey)
    .catch(() => undefined)
    .finally(() => {
      running = null;
      controller = null;
      syncAheadStatus.set((s) => ({ ...s, running: false }));
    });
  return running;
}

/** Stops a running sync (sign-out: nothing may be written into the caches the sign-out deletes). */
export function abortSyncAhead(): void {
  controller?.abort();
}

/**
 * 清除: stops a running sync, deletes the kept files and every kept answer no screen shows now (the signed-in user
 * stays, so the app still starts offline), and forgets the summary.
 */
export async function clearSyncedData(): Promise<void> {
  controller?.abort();
  await running;
  const current = config;
  const userKey = current && currentUserKey(current.queryClient);
  if (!current || !userKey) return;
  await dropKeptFiles({ ...(await workerKept(userKey)), ...(readSavedSync(userKey)?.files ?? {}) });
  await forgetWorkerKept(userKey);
  current.queryClient.removeQueries({ type: 'inactive', predicate: (query) => query.queryKey[0] !== 'session' });
  forgetSavedSync(userKey);
  syncAheadStatus.set({ ...emptySyncStatus(), budgetBytes: current.budgetBytes ?? SYNC_BUDGET_BYTES });
}
