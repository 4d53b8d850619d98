import { FILE_CACHE } from '@/lib/file-cache';
import { getUid } from '@/lib/uid-store';
import { createIdbPersister } from '@/offline/persister';

/** Bytes of one kept file: its declared length, else its body (a response without Content-Length). */
async function responseBytes(response: Response | undefined): Promise<number> {
  if (!response) return 0;
  const declared = Number(response.headers.get('content-length'));
  return Number.isFinite(declared) && declared > 0 ? declared : (await response.blob()).size;
}

async function fileCacheBytes(): Promise<number> {
  if (typeof caches === 'undefined' || !(await caches.has(FILE_CACHE).catch(() => false))) return 0;
  const cache = await caches.open(FILE_CACHE);
  const sizes = await Promise.all(
    (await cache.keys()).map(async (request) => responseBytes(await cache.match(request))),
  );
  return sizes.reduce((sum, n) => sum + n, 0);
}

async function queryCacheBytes(): Promise<number> {
  const uid = getUid();
  if (!uid) return 0;
  // reading through a persister of the session's key writes nothing: it only saves when asked to
  const saved = await createIdbPersister(uid).restoreClient();
  return saved ? new Blob([JSON.stringify(saved)]).size : 0;
}

/**
 * What 清除离线缓存 removes, in bytes: the session's saved lists and details and the kept files. Measured directly,
 * not by the browser's storage estimate, which counts the app itself and, in Chromium, shrinks only long after an
 * IndexedDB delete (the figure did not move after a clear).
 */
export async function offlineCacheBytes(): Promise<number> {
  const [query, files] = await Promise.all([queryCacheBytes().catch(() => 0), fileCacheBytes().catch(() => 0)]);
  return query + files;
}
