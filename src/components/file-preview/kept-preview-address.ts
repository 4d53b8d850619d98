import { PREVIEW_PDF_PATH } from '@contract/preview';
import { storedFileUrl } from '@/api/http-file';
import { FILE_DOWNLOAD_PATH } from '@/lib/file-cache';
import { previewKindOf } from './preview-kind';

/**
 * Where the preview popup reads a stored file, which is its key in the file cache: the server's PDF for the formats
 * it converts, the file itself for the rest (preview-source.ts). 离线同步 keeps files under this address so the
 * preview opens them offline.
 */
export function keptPreviewAddress(file: { fileName: string; attachName: string }): string {
  const converted = previewKindOf(file.attachName) === 'converted';
  return storedFileUrl(converted ? PREVIEW_PDF_PATH : FILE_DOWNLOAD_PATH, file.fileName);
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
