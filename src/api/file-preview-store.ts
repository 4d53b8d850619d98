import { createStore } from '@/lib/store';

export interface PreviewTarget {
  /** the storage key of the file (UploadedFile.fileName) */
  fileName: string;
  /** the name people see */
  name: string;
}

/** The file shown in the full-screen preview popup (null: closed). */
export const filePreviewStore = createStore<PreviewTarget | null>(null);

export function previewFile(target: PreviewTarget): void {
  filePreviewStore.set(target);
}

export function closeFilePreview(): void {
  filePreviewStore.set(null);
}
