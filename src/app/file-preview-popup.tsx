import { Popup } from 'antd-mobile';
import { useStore } from '@/lib/store';
import { download } from '@/api/http';
import { closeFilePreview, filePreviewStore, type PreviewTarget } from '@/api/file-preview-store';
import { platformConfig } from '@/platform/platform-config';
import { getUid } from '@/lib/uid-store';
import './file-preview-popup.css';

const IMAGE = /\.(png|jpe?g|gif|webp|bmp|svg)$/i;

// <img> and <iframe> cannot send headers, so the uid travels in the query (the server allows it on these routes only)
function previewUrl(target: PreviewTarget): string {
  if (target.url !== undefined) return target.url;
  const query = new URLSearchParams({ fileName: target.fileName, uid: getUid() ?? '' });
  return `${platformConfig.baseUrl}/api/form/common/api/preview?${query}`;
}

function save(target: PreviewTarget): void {
  if (target.url !== undefined) void download(target.url, undefined, target.name);
  else void download('/api/form/common/api/downloadFile', { fileName: target.fileName }, target.name);
}

/** Spec §2: the full-screen file preview; images inline, everything else in a frame the server sandboxes. */
export function FilePreviewPopup() {
  const target = useStore(filePreviewStore);
  return (
    <Popup visible={target !== null} onClose={closeFilePreview} position="bottom" bodyClassName="file-preview" destroyOnClose>
      {target && (
        <div className="file-preview-inner">
          <header className="file-preview-header">
            <button type="button" className="file-preview-button" onClick={closeFilePreview}>
              关闭
            </button>
            <h2 className="file-preview-name">{target.name}</h2>
            <button
              type="button"
              className="file-preview-button"
              onClick={() => save(target)}
            >
              下载
            </button>
          </header>
          <div className="file-preview-body">
            {IMAGE.test(target.name) ? (
              <img className="file-preview-image" src={previewUrl(target)} alt={target.name} />
            ) : (
              <iframe className="file-preview-frame" title={target.name} src={previewUrl(target)} />
            )}
          </div>
        </div>
      )}
    </Popup>
  );
}
