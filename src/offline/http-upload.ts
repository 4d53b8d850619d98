import type { ApiEnvelope } from '@contract/envelope';
import type { SiteConfig } from '@contract/upms';
import { UPLOAD_TIMEOUT_MS, http, type RequestConfig } from '@/api/client';
import { SESSION_KEYS, readJson } from '@/lib/local-keys';

/** The file service's upload (the one screens use online), quietly: the outbox shows the outcome itself. */
export async function httpUpload({ blob, name }: { blob: Blob; name: string }): Promise<unknown> {
  const form = new FormData();
  form.append('file', blob, name);
  const config: RequestConfig = { timeout: UPLOAD_TIMEOUT_MS, silent: true, noLoading: true };
  const response = await http.post<ApiEnvelope<unknown>>('/api/form/common/file/upload', form, config);
  return response.data.data;
}

/** The upload limit the server announced in the site config (UPLOAD_MAX_MB; kept locally, so known offline too). */
export function siteUploadLimitBytes(): number | undefined {
  const mb = readJson<SiteConfig | undefined>(SESSION_KEYS.siteConfig, undefined)?.upload?.maxSizeMb;
  return typeof mb === 'number' && mb > 0 ? mb * 1024 * 1024 : undefined;
}
