import type { ApiEnvelope } from '@contract/envelope';
import { del, post, put } from '@/api/http';
import { UPLOAD_TIMEOUT_MS, http, type RequestConfig } from '@/api/client';
import { SESSION_KEYS, readJson } from '@/lib/local-keys';
import type { SiteConfig } from '@contract/upms';
import type { OutboxSender } from './outbox-config';
import type { OutboxUploader } from './outbox-files';

/** Sends queued writes through the app's HTTP client, quietly: the outbox shows the outcome itself. */
export const httpSender: OutboxSender = ({ method, url, body, idempotencyKey }) => {
  const config = { idempotencyKey, silent: true, noLoading: true };
  if (method === 'PUT') return put(url, body, config);
  if (method === 'DELETE') return del(url, undefined, config);
  return post(url, body, config);
};

/** The file service's upload (the one screens use online), quietly: answers the stored file records. */
export const httpUploader: OutboxUploader = async ({ blob, name }) => {
  const form = new FormData();
  form.append('file', blob, name);
  const config: RequestConfig = { timeout: UPLOAD_TIMEOUT_MS, silent: true, noLoading: true };
  const response = await http.post<ApiEnvelope<unknown>>('/api/form/common/file/upload', form, config);
  return response.data.data;
};

/** The upload limit the server announced in the site config (kept locally, so it is known offline too). */
export function siteUploadLimitBytes(): number | undefined {
  const mb = readJson<SiteConfig | undefined>(SESSION_KEYS.siteConfig, undefined)?.upload?.maxSizeMb;
  return typeof mb === 'number' && mb > 0 ? mb * 1024 * 1024 : undefined;
}
