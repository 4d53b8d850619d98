import { useEffect, useState } from 'react';
import type { MailAttachment } from '@contract/mail';
import { previewFile } from '@/components/file-preview/preview-store';
import { attachmentImage } from '../attachment-cache';

/**
 * An image attachment shown small: its bytes come through the authorised download call (or the copy kept on the
 * phone), never a public address; a tap opens the full preview. Until it loads, or when it cannot, a plain tile.
 */
export function AttachmentThumbnail({ file }: { file: MailAttachment }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    attachmentImage(file).then(
      (blob) => {
        if (!live || !blob) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      },
      () => undefined, // offline and never kept: the tile stays plain, 下载 and the preview still say why
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
      setSrc(null);
    };
  }, [file]);
  return (
    <button
      type="button"
      className="mail-thumb"
      aria-label={`预览图片${file.attachName}`}
      onClick={() => previewFile({ fileName: file.fileName, name: file.attachName })}
    >
      {src ? <img src={src} alt={file.attachName} /> : <span className="mail-thumb-empty" aria-hidden="true" />}
    </button>
  );
}
