import { createStore } from '@/lib/store';

/** A stored file (by its storage key, UploadedFile.fileName) or any address that serves the file inline. */
export type PreviewTarget = { name: string } & ({ fileName: string; url?: undefined } | { url: string; fileName?: undefined });

/** The file shown in the full-screen preview popup (null: closed). */
export const filePreviewStore = createStore<PreviewTarget | null>(null);

export function previewFile(target: PreviewTarget): void {
  filePreviewStore.set(target);
}

export function closeFilePreview(): void {
  filePreviewStore.set(null);
}
