import type { UploadedFile } from '@contract/files';
import type { ApiEnvelope } from '@contract/envelope';
import { getUid } from '@/lib/uid-store';
import { DOWNLOAD_TIMEOUT_MS, UPLOAD_TIMEOUT_MS, http, type RequestConfig } from './http';

/** The file service (spec §7): every attachment of every module is stored here first, its record then joins the write. */
export const FILE_UPLOAD_URL = '/api/form/common/file/upload';

export interface UploadOptions {
  fileName?: string;
  fields?: Record<string, string>;
  onProgress?: (percent: number) => void;
  /** default: on when the caller shows its own progress, which the overlay would otherwise cover */
  noLoading?: boolean;
  /** no toast on failure: the caller (the outbox) reports it itself */
  silent?: boolean;
}

/** The one multipart upload (spec §7: 120 s, progress through axios's onUploadProgress); resolves to the stored file(s). */
export async function upload<T = UploadedFile[]>(
  url: string,
  file: File | Blob,
  options: UploadOptions = {},
): Promise<T> {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
  form.append('file', file, options.fileName ?? (file instanceof File ? file.name : 'file'));
  const config: RequestConfig = {
    timeout: UPLOAD_TIMEOUT_MS,
    noLoading: options.noLoading ?? Boolean(options.onProgress),
    silent: options.silent,
    onUploadProgress: (event) => {
      if (event.total) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  };
  const response = await http.post<ApiEnvelope<T>>(url, form, config);
  return response.data.data;
}

/** The file name a server gave in Content-Disposition (RFC 5987 `filename*` wins over `filename`). */
export function fileNameFromDisposition(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim();
}

/** Spec §7: a blob with a 300 s timeout and the uid header, saved under its own name. */
export async function download(url: string, params?: Record<string, string>, fileName?: string): Promise<void> {
  const uid = getUid();
  const response = await http.get<Blob>(url, {
    params: { ...params, ...(uid ? { uid } : {}) },
    responseType: 'blob',
    timeout: DOWNLOAD_TIMEOUT_MS,
  });
  const name =
    fileName ?? fileNameFromDisposition(response.headers['content-disposition'] as string | undefined) ?? 'download';
  const href = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
