import './form-renderer.css';
import { previewFile } from '@/components/file-preview/preview-store';

/** Stored files as links to the preview popup (which also offers 下载). */
export function AttachmentLinks({ files }: { files: { fileName: string; attachName: string }[] }) {
  if (files.length === 0) return null;
  // the item's other files travel along, so an image opened here can be swiped to the next one
  const group = files.map((file) => ({ fileName: file.fileName, name: file.attachName }));
  return (
    <span className="flow-attachment-links">
      {files.map((file) => (
        <button
          key={file.fileName}
          type="button"
          className="flow-link"
          onClick={() => previewFile({ fileName: file.fileName, name: file.attachName, group })}
        >
          {file.attachName}
        </button>
      ))}
    </span>
  );
}
