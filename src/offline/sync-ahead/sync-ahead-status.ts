import { createStore } from '@/lib/create-store';
import { SYNC_BUDGET_BYTES, type KeptFile } from './kept-file';

export { SYNC_BUDGET_BYTES, type KeptFile } from './kept-file';

export interface SyncGroupStatus {
  items: number;
  dataBytes: number;
  files: number;
  fileBytes: number;
}

export interface SyncAheadStatus {
  running: boolean;
  /** when the last sync ended, or null when none ran for this person on this device */
  lastSyncAt: number | null;
  /** the last sync could not read everything (a module's step failed, the network dropped) */
  incomplete: boolean;
  /** group names in the order 离线数据 lists them */
  order: string[];
  groups: Record<string, SyncGroupStatus>;
  budgetBytes: number;
}

export const emptySyncStatus = (): SyncAheadStatus => ({
  running: false,
  lastSyncAt: null,
  incomplete: false,
  order: [],
  groups: {},
  budgetBytes: SYNC_BUDGET_BYTES,
});

/** What 我的 → 离线数据 shows; the runner updates it. */
export const syncAheadStatus = createStore<SyncAheadStatus>(emptySyncStatus());

/** Everything kept, in bytes (answers and files). */
export const keptBytes = (status: SyncAheadStatus): number =>
  Object.values(status.groups).reduce((sum, g) => sum + g.dataBytes + g.fileBytes, 0);

interface SavedSync {
  status: Omit<SyncAheadStatus, 'running'>;
  files: Record<string, KeptFile>;
}

// per person: two people on one phone never see each other's sync (logout deletes the files themselves)
const savedKey = (userKey: string) => `oa.syncAhead:${userKey}`;

export function readSavedSync(userKey: string): SavedSync | null {
  try {
    return JSON.parse(localStorage.getItem(savedKey(userKey)) ?? 'null') as SavedSync | null;
  } catch {
    return null;
  }
}

export function writeSavedSync(userKey: string, saved: SavedSync): void {
  try {
    localStorage.setItem(savedKey(userKey), JSON.stringify(saved));
  } catch {
    // a full localStorage only loses the summary; the kept data and files stay usable
  }
}

export function forgetSavedSync(userKey: string): void {
  try {
    localStorage.removeItem(savedKey(userKey));
  } catch {
    // nothing kept to forget
  }
}
