import { PREVIEW_MAX_MB_DEFAULT, PREVIEW_PDF_PATH } from '@contract/preview';
import { fetchFile, storedFileUrl } from '@/api/http-file';
import { FILE_DOWNLOAD_PATH, openFileCache } from '@/lib/file-cache';
import { isOnline } from '@/offline/online-status';
import type { PreviewTarget } from './preview-store';

// The mail module keeps opened attachments in the same per-user file cache under the same keys (src/lib/file-cache.ts),
// so either finds the other's copy.
const LIMIT_BYTES = PREVIEW_MAX_MB_DEFAULT * 1024 * 1024;

/** A preview that cannot be shown, with the sentence to show instead (the popup still offers 下载). */
export class PreviewUnavailable extends Error {
  override name = 'PreviewUnavailable';
}

export const tooLargeMessage = `文件超过${PREVIEW_MAX_MB_DEFAULT}MB，不能在线预览，请下载后查看`;

function addressOf(target: PreviewTarget, converted: boolean): string {
  if (target.url !== undefined) return target.url;
  return storedFileUrl(converted ? PREVIEW_PDF_PATH : FILE_DOWNLOAD_PATH, target.fileName);
}

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
  const cache = await openFileCache();
  const kept = await cache?.match(address);
  if (kept) return kept.blob();
  if (!isOnline()) throw new PreviewUnavailable('当前处于离线状态，该文件尚未缓存，请联网后再打开');
  let response: Response;
  try {
    response = await fetchFile(address, target.url === undefined);
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
  // kept only for stored files: an outside address may change under the same URL. Shown without waiting for the
  // write, which cost a slow phone a few hundred ms before the first page.
  if (cache && target.url === undefined) {
    const headers = { 'content-type': blob.type, 'content-length': String(blob.size) };
    void cache.put(address, new Response(blob, { headers })).catch(() => undefined); // full quota: shown, not kept
  }
  return blob;
}
