import type { QueryClient } from '@tanstack/react-query';

/** A stored file kept on the device ahead of need, under the address the screen that shows it reads. */
export interface SyncFile {
  /** the file cache's key (src/lib/file-cache.ts), which is also where the bytes are fetched from */
  address: string;
  /** the time of the item it belongs to: over the budget, the oldest items' files go first */
  at: number;
  /** the size the server told, when it did: a file over the cap is not fetched at all */
  size?: number;
}

/** What a module's sync-ahead step is given: the query client the screens read and where to report what it kept. */
export interface SyncAheadContext {
  queryClient: QueryClient;
  /** counts what was kept under a group shown on 我的 → 离线数据 (its answers' size is measured from `data`) */
  kept(group: string, items: number, data: unknown): void;
  /** files to keep for the group; fetched after every module's data, within the budget */
  keepFiles(group: string, files: SyncFile[]): void;
  signal: AbortSignal;
}

/**
 * One module's part of 离线同步: fills the same query entries its screens read (so they open offline unchanged) and
 * names the files to keep. Steps run one after another; a step that fails does not stop the others.
 */
export interface SyncAheadStep {
  /** the groups this step reports under, in the order 离线数据 lists them */
  groups: string[];
  run(context: SyncAheadContext): Promise<void>;
}
