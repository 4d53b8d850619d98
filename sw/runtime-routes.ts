/** Cache Storage names the page also knows (logout deletes them so the next person sees no previews). */
export const FILE_PREVIEW_CACHE = 'oa-file-previews';
export const IMAGE_CACHE = 'oa-images';

export function isFilePreview(url: URL): boolean {
  return url.pathname === '/api/form/common/api/preview';
}

/** Images outside /api only: API answers are per user and belong in the per-user IndexedDB cache. */
export function isImageRequest(url: URL, destination: string): boolean {
  if (url.pathname.startsWith('/api/')) return false;
  return destination === 'image' || /\.(png|jpe?g|gif|webp|avif|svg|ico)$/i.test(url.pathname);
}
