import { fetchFile } from '@/api/http-file';
import { openFileCache } from '@/lib/file-cache';
import { isOnline } from '../online-status';
import { keepWithin, type KeptFile, type WantedFile } from './keep-within';

export { FILE_CAP_BYTES, type WantedFile } from './keep-within';

/**
 * Keeps the wanted files in the per-user file cache within `budget` bytes (keep-within.ts), fetched with the page's
 * headers while it is online. Answers the files now kept.
 */
export async function keepFilesWithin(
  wanted: WantedFile[],
  budget: number,
  previous: Record<string, KeptFile>,
  signal: AbortSignal,
): Promise<Record<string, KeptFile>> {
  const cache = await openFileCache();
  if (!cache) return {};
  return keepWithin(wanted, budget, {
    cache,
    previous,
    signal,
    fetchFile: (address) => (isOnline() ? fetchFile(address, true) : null),
  });
}

/** Deletes the files a sync kept (清除). */
export async function dropKeptFiles(files: Record<string, KeptFile>): Promise<void> {
  const cache = await openFileCache();
  await Promise.all(Object.keys(files).map((address) => cache?.delete(address).catch(() => false)));
}
