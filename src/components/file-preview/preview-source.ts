import { PREVIEW_MAX_MB_DEFAULT, PREVIEW_PDF_PATH } from '@contract/preview';
import type { PreviewTarget } from '@/api/file-preview-store';
import { getUid } from '@/lib/uid-store';
import { isOnline } from '@/offline/online-status';
import { platformConfig } from '@/platform/platform-config';

/**
 * The per-user file cache (Cache Storage): src/offline/query-persistence.ts deletes it at logout, so the next person
 * finds nothing. The mail module keeps opened attachments under the same keys, so either finds the other's copy.
 */
const CACHE = 'oa-file-previews';
const DOWNLOAD_PATH = '/api/form/common/api/downloadFile';
const LIMIT_BYTES = PREVIEW_MAX_MB_DEFAULT * 1024 * 1024;

/** A preview that cannot be shown, with the sentence to show instead (the popup still offers 下载). */
export class PreviewUnavailable extends Error {
  override name = 'PreviewUnavailable';
}

export const tooLargeMessage = `文件超过${PREVIEW_MAX_MB_DEFAULT}MB，不能在线预览，请下载后查看`;

/** Keyed without the session, so the same file is found again after a new login of the same user. */
function addressOf(target: PreviewTarget, converted: boolean): string {
  if (target.url !== undefined) return target.url;
  const path = converted ? PREVIEW_PDF_PATH : DOWNLOAD_PATH;
  return `${platformConfig.baseUrl}${path}?fileName=${encodeURIComponent(target.fileName)}`;
}

const openCache = () => (typeof caches === 'undefined' ? Promise.resolve(null) : caches.open(CACHE).catch(() => null));

async function refusal(response: Response): Promise<PreviewUnavailable> {
  const body = (await response.json().catch(() => null)) as { msg?: string } | null;
  return new PreviewUnavailable(body?.msg || `文件打开失败（${response.status}）`);
}

/** Reads an answer's body chunk by chunk, telling the share read so far (0..1) when the size is known. */
async function readWithProgress(response: Response, total: number, onProgress: (share: number) => void): Promise<Blob> {
  if (!response.body || !total) return response.blob();
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    if (loaded > LIMIT_BYTES) {
      await reader.cancel();
      throw new PreviewUnavailable(tooLargeMessage);
    }
    onProgress(Math.min(1, loaded / total));
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
}

/**
 * The bytes to preview (for Word/Excel/PDF/images the file itself, for legacy office files the server's PDF of it):
 * the copy kept on the phone when there is one (so it opens offline), else fetched with the session and kept.
 */
export async function loadPreviewFile(
  target: PreviewTarget,
  converted: boolean,
  onProgress: (share: number) => void,
): Promise<Blob> {
  if ((target.size ?? 0) > LIMIT_BYTES) throw new PreviewUnavailable(tooLargeMessage);
  const address = addressOf(target, converted);
  const cache = await openCache();
  const kept = await cache?.match(address);
  if (kept) return kept.blob();
  if (!isOnline()) throw new PreviewUnavailable('当前处于离线状态，该文件尚未缓存，请联网后再打开');
  let response: Response;
  try {
    response = await fetch(address, target.url === undefined ? { headers: { uid: getUid() ?? '' } } : {});
  } catch {
    throw new PreviewUnavailable('网络连接失败，请检查网络后重试');
  }
  if (!response.ok) throw await refusal(response);
  const total = Number(response.headers.get('content-length') ?? 0);
  if (total > LIMIT_BYTES) {
    await response.body?.cancel();
    throw new PreviewUnavailable(tooLargeMessage);
  }
  const blob = await readWithProgress(response, total, onProgress);
  // kept only for stored files: an outside address may change under the same URL
  if (cache && target.url === undefined) {
    const headers = { 'content-type': blob.type, 'content-length': String(blob.size) };
    await cache.put(address, new Response(blob, { headers })).catch(() => undefined); // full quota: shown, not kept
  }
  return blob;
}
