import { PREVIEW_MAX_MB_DEFAULT } from '@contract/preview';
import type { SyncFile } from '@/lib/sync-ahead-source';
import { fetchFile } from '@/api/http-file';
import { openFileCache } from '@/lib/file-cache';
import { isOnline } from '../online-status';
import type { KeptFile } from './sync-ahead-status';

/** A file larger than the preview can show is not kept ahead: it would be downloaded, not read, on the train. */
export const FILE_CAP_BYTES = PREVIEW_MAX_MB_DEFAULT * 1024 * 1024;

export type WantedFile = SyncFile & { group: string };

async function sizeOfKept(response: Response): Promise<number> {
  const told = Number(response.headers.get('content-length') ?? 0);
  return told > 0 ? told : (await response.blob()).size;
}

/** Fetches one file into the cache; its size, or null when it could not be kept (refused, too large, no room). */
async function fetchInto(cache: Cache, address: string, room: number, signal: AbortSignal): Promise<number | null> {
  const response = await fetchFile(address, true);
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  const blob = await response.blob();
  if (blob.size > FILE_CAP_BYTES || blob.size > room || signal.aborted) return null;
  const headers = { 'content-type': blob.type, 'content-length': String(blob.size) };
  await cache.put(address, new Response(blob, { headers }));
  return blob.size;
}

/**
 * Keeps the wanted files in the per-user file cache within `budget` bytes, newest items first, so what is dropped to
 * stay within it is the oldest. Files kept by an earlier sync that are no longer wanted (the 待办 was handled) or no
 * longer fit are deleted. Answers the files now kept.
 */
export async function keepFilesWithin(
  wanted: WantedFile[],
  budget: number,
  previous: Record<string, KeptFile>,
  signal: AbortSignal,
): Promise<Record<string, KeptFile>> {
  const cache = await openFileCache();
  if (!cache) return {};
  const newestFirst = [...wanted].sort((a, b) => b.at - a.at);
  const kept: Record<string, KeptFile> = {};
  let used = 0;
  for (const file of newestFirst) {
    if (signal.aborted) break;
    if (kept[file.address] || (file.size ?? 0) > FILE_CAP_BYTES || used + (file.size ?? 0) > budget) continue;
    try {
      const copy = await cache.match(file.address);
      let size: number | null = copy ? (previous[file.address]?.size ?? (await sizeOfKept(copy))) : null;
      if (size === null && isOnline()) size = await fetchInto(cache, file.address, budget - used, signal);
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

/** Deletes the files a sync kept (清除). */
export async function dropKeptFiles(files: Record<string, KeptFile>): Promise<void> {
  const cache = await openFileCache();
  await Promise.all(Object.keys(files).map((address) => cache?.delete(address).catch(() => false)));
}
