import { PREVIEW_PDF_PATH } from '../../../contract/preview';
import { FILE_DOWNLOAD_PATH, storedFileAddress } from '../../lib/file-cache';
import { previewKindOf } from './preview-kind';

/*
 * Where the preview popup reads a stored file, for any API base: the page's 离线同步 and the service worker's (which
 * has no platform config, only the base the signed-in page handed it) keep files under the same address.
 */

/** The server's PDF for the formats it converts, the file itself for the rest (preview-source.ts). */
export function previewAddressOn(baseUrl: string, file: { fileName: string; attachName: string }): string {
  const converted = previewKindOf(file.attachName) === 'converted';
  return storedFileAddress(baseUrl, converted ? PREVIEW_PDF_PATH : FILE_DOWNLOAD_PATH, file.fileName);
}

type StoredFile = { fileName: string; attachName: string };

const isStoredFile = (value: unknown): value is StoredFile =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as StoredFile).fileName === 'string' &&
  typeof (value as StoredFile).attachName === 'string';

/** Every stored file named anywhere in a record (form values, detail rows, trace steps), once each. */
export function storedFilesIn(record: unknown): StoredFile[] {
  const found = new Map<string, StoredFile>();
  const walk = (value: unknown, depth: number) => {
    if (depth > 6 || !value || typeof value !== 'object') return;
    if (isStoredFile(value)) found.set(value.fileName, value);
    for (const inner of Array.isArray(value) ? value : Object.values(value)) walk(inner, depth + 1);
  };
  walk(record, 0);
  return [...found.values()];
}
