import { createStore } from '@/lib/store';

/** A stored file (by its storage key, UploadedFile.fileName) or any address that serves the file inline. */
export type PreviewTarget = {
  name: string;
  /** bytes, when the caller knows them: a file past the limit is refused unfetched */ size?: number;
} & ({ fileName: string; url?: undefined } | { url: string; fileName?: undefined });

/** What the preview popup shows: one file, and for an image the other images of the same item (swiped through). */
export type PreviewRequest = PreviewTarget & {
  group?: PreviewTarget[];
  /** the file may be looked at (under the watermark) and not taken away: no 下载 (a 机密 mail's attachments) */
  viewOnly?: boolean;
};

/** The file shown in the full-screen preview popup (null: closed). */
export const filePreviewStore = createStore<PreviewRequest | null>(null);

/**
 * Opens the one preview every module shares (审批, 邮件, 资讯, 会议资料, 业务建模). Pass `group` (the item's files) so
 * an image can be swiped to the item's other images.
 */
export function previewFile(target: PreviewRequest): void {
  filePreviewStore.set(target);
}

export function closeFilePreview(): void {
  filePreviewStore.set(null);
}
