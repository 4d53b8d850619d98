import type { MailAttachment } from '@contract/mail';
import { download } from '@/api/transfer';
import { getUid } from '@/lib/uid-store';
import { isOnline } from '@/offline/online-status';
import { platformConfig } from '@/platform/platform-config';

// The per-user file cache: src/offline/query-persistence.ts deletes it at logout, so the next person sees none of it.
const CACHE = 'oa-file-previews';
const DOWNLOAD = '/api/form/common/api/downloadFile';
/** keyed without the session, so the same attachment is found again after a new login of the same user */
const keyOf = (fileName: string) => `${platformConfig.baseUrl}${DOWNLOAD}?fileName=${encodeURIComponent(fileName)}`;
const canCache = () => typeof caches !== 'undefined';

/** Keeps a copy of an attachment the user opened, so it can be downloaded again offline. */
async function remember(file: MailAttachment): Promise<void> {
  if (!canCache()) return;
  const cache = await caches.open(CACHE);
  if (await cache.match(keyOf(file.fileName))) return;
  const response = await fetch(keyOf(file.fileName), { headers: { uid: getUid() ?? '' } });
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
  const copy = async () => (canCache() ? (await caches.open(CACHE)).match(keyOf(file.fileName)) : undefined);
  // offline, the kept copy answers at once (no request that would only fail and say so)
  const kept = isOnline() ? undefined : await copy();
  if (kept) return saveCopy(await kept.blob(), file.attachName);
  try {
    await download(DOWNLOAD, { fileName: file.fileName }, file.attachName);
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
  const cache = canCache() ? await caches.open(CACHE) : null;
  const kept = await cache?.match(keyOf(file.fileName));
  if (kept) return kept.blob();
  const response = await fetch(keyOf(file.fileName), { headers: { uid: getUid() ?? '' } });
  if (!response.ok) return null;
  if (cache) await cache.put(keyOf(file.fileName), response.clone()).catch(() => undefined);
  return response.blob();
}
