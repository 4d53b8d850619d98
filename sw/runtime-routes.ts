import { FILE_INLINE_PATH } from '../src/lib/file-cache';

export const IMAGE_CACHE = 'oa-images';

export function isFilePreview(url: URL): boolean {
  return url.pathname === FILE_INLINE_PATH;
}

/** Images outside /api only: API answers are per user and belong in the per-user IndexedDB cache. */
export function isImageRequest(url: URL, destination: string): boolean {
  if (url.pathname.startsWith('/api/')) return false;
  return destination === 'image' || /\.(png|jpe?g|gif|webp|avif|svg|ico)$/i.test(url.pathname);
}
