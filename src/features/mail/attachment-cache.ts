import type { MailAttachment } from '@contract/mail';
import { fetchFile, storedFileUrl } from '@/api/http-file';
import { download } from '@/api/transfer';
import { FILE_DOWNLOAD_PATH, keepFile, keptFile, openFileCache } from '@/lib/file-cache';
import { isOnline } from '@/offline/online-status';

// Opened attachments go into the per-user file cache (src/lib/file-cache.ts) under the preview's keys, so an
// attachment opened in the preview downloads offline, and the other way round.
const keyOf = (fileName: string) => storedFileUrl(FILE_DOWNLOAD_PATH, fileName);

/** Keeps a copy of an attachment the user opened, so it can be downloaded again offline. */
async function remember(file: MailAttachment): Promise<void> {
  const cache = await openFileCache();
  if (!cache || (await cache.match(keyOf(file.fileName)))) return;
  const response = await fetchFile(keyOf(file.fileName), true);
  if (response.ok) await cache.put(keyOf(file.fileName), response);
}

/** Hands a stored copy to the browser as a download under the attachment's name. */
function saveCopy(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: name, rel: 'noopener' });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * 下载 of a mail attachment: from the server when it answers (and then kept in the per-user cache), else the copy kept
 * when it was opened before; without either the network error stands.
 */
export async function downloadAttachment(file: MailAttachment): Promise<void> {
  const copy = () => keptFile(keyOf(file.fileName));
  // offline, the kept copy answers at once (no request that would only fail and say so)
  const kept = isOnline() ? undefined : await copy();
  if (kept) return saveCopy(await kept.blob(), file.attachName);
  try {
    await download(FILE_DOWNLOAD_PATH, { fileName: file.fileName }, file.attachName);
    void remember(file).catch(() => undefined);
  } catch (error) {
    const fallback = await copy();
    if (!fallback) throw error;
    saveCopy(await fallback.blob(), file.attachName);
  }
}

/** Raster images the browser shows in an <img> (an SVG attachment is left to the preview, which sandboxes it). */
const THUMBNAIL_TYPES = /^image\/(png|jpeg|gif|webp|bmp|avif)$/;
/** A thumbnail is the image itself, scaled down by the browser: larger files are only opened on demand. */
const THUMBNAIL_MAX_BYTES = 8 * 1024 * 1024;

export const hasThumbnail = (file: MailAttachment) =>
  THUMBNAIL_TYPES.test(file.mime) && file.size <= THUMBNAIL_MAX_BYTES;

/**
 * An image attachment's bytes for its thumbnail: the copy kept in the per-user cache, else through the authorised
 * download call (the session in the uid header, as 下载 sends it), then kept so it shows offline too. null when
 * neither answers (offline and never seen, or refused).
 */
export async function attachmentImage(file: MailAttachment): Promise<Blob | null> {
  const kept = await keptFile(keyOf(file.fileName));
  if (kept) return kept.blob();
  const response = await fetchFile(keyOf(file.fileName), true);
  if (!response.ok) return null;
  await keepFile(keyOf(file.fileName), response.clone());
  return response.blob();
}
