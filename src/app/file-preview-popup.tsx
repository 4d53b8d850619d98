import { Popup } from 'antd-mobile';
import { useStore } from '@/lib/store';
import { download } from '@/api/transfer';
import { closeFilePreview, filePreviewStore, type PreviewTarget } from '@/components/file-preview/preview-store';
import { FilePreviewBody } from '@/components/file-preview/file-preview-body';
import { ImageGallery } from '@/components/file-preview/image-gallery';
import { previewKindOf } from '@/components/file-preview/preview-kind';
import { startPreviewLoad } from '@/components/file-preview/preview-start';
import './file-preview-popup.css';

export { prefetchCommonViewers } from '@/components/file-preview/viewer-chunks';

/** The tap's head start (preview-start.ts), for the files the popup's body shows (images go to the gallery). */
export function startPreview(target: PreviewTarget): void {
  const kind = previewKindOf(target.name);
  if (kind !== 'image' && kind !== 'none') startPreviewLoad(target);
}

function save(target: PreviewTarget): void {
  if (target.url !== undefined) void download(target.url, undefined, target.name);
  else void download('/api/form/common/api/downloadFile', { fileName: target.fileName }, target.name);
}

/**
 * Spec §2: the full-screen file preview every module opens (previewFile). Images in the swiping viewer, Word, Excel,
 * PDF and the office formats the server converts in the app itself; 下载 unless the file is view-only.
 */
export function FilePreviewPopup() {
  const request = useStore(filePreviewStore);
  if (request && previewKindOf(request.name) === 'image')
    return (
      <ImageGallery request={request} onClose={closeFilePreview} onDownload={request.viewOnly ? undefined : save} />
    );
  return (
    <Popup
      visible={request !== null}
      onClose={closeFilePreview}
      position="bottom"
      bodyClassName="file-preview"
      destroyOnClose
    >
      {request && (
        <div className="file-preview-inner" role="dialog" aria-label={`预览 ${request.name}`}>
          <header className="file-preview-header">
            <button type="button" className="file-preview-button" onClick={closeFilePreview}>
              关闭
            </button>
            <h2 className="file-preview-name">{request.name}</h2>
            {request.viewOnly ? (
              <span className="file-preview-button" />
            ) : (
              <button type="button" className="file-preview-button" onClick={() => save(request)}>
                下载
              </button>
            )}
          </header>
          <FilePreviewBody
            key={request.fileName ?? request.url}
            target={request}
            onDownload={request.viewOnly ? undefined : () => save(request)}
          />
        </div>
      )}
    </Popup>
  );
}
