import { PREVIEW_MAX_MB_DEFAULT } from '../../../contract/preview';
import type { SyncFile } from '../../lib/sync-ahead-source';
import type { KeptFile } from './kept-file';

/*
 * Keeping files within 离线同步's budget, for the page and for the service worker alike (which syncs the 待办 while
 * no app window is open): so it holds nothing a worker lacks, and how a file is fetched is handed in.
 */

/** A file larger than the preview can show is not kept ahead: it would be downloaded, not read, on the train. */
export const FILE_CAP_BYTES = PREVIEW_MAX_MB_DEFAULT * 1024 * 1024;

export { SYNC_BUDGET_BYTES, type KeptFile } from './kept-file';

export type WantedFile = SyncFile & { group: string };

export interface KeepWithin {
  cache: Cache;
  /** fetches a stored file's bytes as that person; null when it must not be fetched now (offline) */
  fetchFile(address: string): Promise<Response> | null;
  signal: AbortSignal;
  /** what an earlier sync kept: their sizes are known, and those no longer wanted are deleted */
  previous: Record<string, KeptFile>;
}

async function sizeOfKept(response: Response): Promise<number> {
  const told = Number(response.headers.get('content-length') ?? 0);
  return told > 0 ? told : (await response.blob()).size;
}

/** Fetches one file into the cache; its size, or null when it could not be kept (refused, too large, no room). */
async function fetchInto(how: KeepWithin, address: string, room: number): Promise<number | null> {
  const fetching = how.fetchFile(address);
  if (!fetching) return null;
  const response = await fetching;
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  const blob = await response.blob();
  if (blob.size > FILE_CAP_BYTES || blob.size > room || how.signal.aborted) return null;
  const headers = { 'content-type': blob.type, 'content-length': String(blob.size) };
  await how.cache.put(address, new Response(blob, { headers }));
  return blob.size;
}

/**
 * Keeps the wanted files in the cache within `budget` bytes, newest items first, so what is dropped to stay within it
 * is the oldest. Files kept by an earlier sync that are no longer wanted or no longer fit are deleted. Answers the
 * files now kept.
 */
export async function keepWithin(
  wanted: WantedFile[],
  budget: number,
  how: KeepWithin,
): Promise<Record<string, KeptFile>> {
  const { cache, previous, signal } = how;
  const newestFirst = [...wanted].sort((a, b) => b.at - a.at);
  const kept: Record<string, KeptFile> = {};
  let used = 0;
  for (const file of newestFirst) {
    if (signal.aborted) break;
    if (kept[file.address] || (file.size ?? 0) > FILE_CAP_BYTES || used + (file.size ?? 0) > budget) continue;
    try {
      const copy = await cache.match(file.address);
      let size: number | null = copy ? (previous[file.address]?.size ?? (await sizeOfKept(copy))) : null;
      size ??= await fetchInto(how, file.address, budget - used);
      if (size === null) continue;
      if (used + size > budget) continue;
      used += size;
      kept[file.address] = { size, at: file.at, group: file.group };
    } catch {
      // one file that fails (network, quota) leaves the others to be kept
    }
  }
  if (!signal.aborted)
    for (const address of Object.keys(previous)) if (!kept[address]) await cache.delete(address).catch(() => false);
  return kept;
}
