import { platformConfig } from '@/platform/platform-config';
import { previewAddressOn } from './preview-address';

export { storedFilesIn } from './preview-address';

/**
 * Where the preview popup reads a stored file, which is its key in the file cache. 离线同步 keeps files under this
 * address so the preview opens them offline.
 */
export function keptPreviewAddress(file: { fileName: string; attachName: string }): string {
  return previewAddressOn(platformConfig.baseUrl, file);
}
