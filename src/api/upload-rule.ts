import type { SiteConfig } from '@contract/upms';
import { storedSiteConfig } from './fetch-site-config';

/** The server's default upload limit (UPLOAD_MAX_MB), used until the site config has told the real one. */
export const DEFAULT_UPLOAD_MAX_MB = 50;

/** The upload limit in MB the server announced in the site config (kept locally, so it is known offline too). */
export function uploadLimitMb(config: SiteConfig | undefined = storedSiteConfig()): number {
  const mb = config?.upload?.maxSizeMb;
  return typeof mb === 'number' && mb > 0 ? mb : DEFAULT_UPLOAD_MAX_MB;
}

/**
 * The one size rule of an attachment, as the upload route applies it (not empty, not over the limit): why the file
 * cannot be uploaded, or null. Checked when a file is picked and again before a write with files waits or goes out.
 */
export function uploadRefusal(file: { size: number; name?: string }, maxMb = uploadLimitMb()): string | null {
  const name = file.name || 'file';
  if (file.size === 0) return `附件「${name}」不能上传：不能上传空文件`;
  if (file.size > maxMb * 1024 * 1024) return `附件「${name}」不能上传：文件大小不能超过${maxMb}MB`;
  return null;
}
