/*
 * The per-user file cache (Cache Storage): its name, its keys and its reads and writes, in one place for the preview
 * popup, mail attachments, the service worker (sw/ imports this file, so it uses nothing but what a worker has) and
 * the logout that deletes it (src/offline/query-persistence.ts), so the next person finds none of it.
 */

export const FILE_CACHE = 'oa-file-previews';

/** The stored file's bytes as an attachment (下载), and as the file's own type inline (pictures in 资讯 articles). */
export const FILE_DOWNLOAD_PATH = '/api/form/common/api/downloadFile';
export const FILE_INLINE_PATH = '/api/form/common/api/preview';

/**
 * A stored file's address, which is also its key in the cache: without the session, so the same file is found
 * again after a new login of the same user, and the same for every module that keeps it.
 */
export function storedFileAddress(baseUrl: string, path: string, fileName: string): string {
  return `${baseUrl}${path}?fileName=${encodeURIComponent(fileName)}`;
}

/** The cache, or null where there is none (an insecure origin, a test DOM) or it cannot be opened. */
export function openFileCache(): Promise<Cache | null> {
  return typeof caches === 'undefined' ? Promise.resolve(null) : caches.open(FILE_CACHE).catch(() => null);
}

/** The kept copy of a file, if there is one. */
export async function keptFile(address: string): Promise<Response | undefined> {
  return (await openFileCache())?.match(address);
}

/** Keeps a copy of a file; a full quota only means it is not kept. */
export async function keepFile(address: string, response: Response): Promise<void> {
  await (await openFileCache())?.put(address, response).catch(() => undefined);
}
