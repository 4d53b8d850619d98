import { useEffect, useState } from 'react';
import { Popup } from 'antd-mobile';
import { useStore } from '@/lib/store';
import { post } from '@/api/http';
import { download } from '@/api/transfer';
import { closeFilePreview, filePreviewStore, type PreviewTarget } from '@/api/file-preview-store';
import { platformConfig } from '@/platform/platform-config';
import './file-preview-popup.css';

const IMAGE = /\.(png|jpe?g|gif|webp|bmp|svg)$/i;
const PREVIEW_PATH = '/api/form/common/api/preview';

/**
 * <img> and <iframe> cannot send headers, and a session token in a URL lands in logs and history: the preview is
 * opened with a 60 s ticket good for the preview route only (POST /api/oauth/ticket). null while it is fetched.
 */
function usePreviewUrl(target: PreviewTarget | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!target) return undefined;
    if (target.url !== undefined) {
      setUrl(target.url);
      return undefined;
    }
    let current = true;
    post<string>('/api/oauth/ticket', { path: PREVIEW_PATH }, { noLoading: true }).then(
      (ticket) => {
        const query = new URLSearchParams({ fileName: target.fileName, ticket });
        if (current) setUrl(`${platformConfig.baseUrl}${PREVIEW_PATH}?${query}`);
      },
      () => undefined, // the HTTP layer already told the user; 下载 still works
    );
    return () => {
      current = false;
    };
  }, [target]);
  return url;
}

function save(target: PreviewTarget): void {
  if (target.url !== undefined) void download(target.url, undefined, target.name);
  else void download('/api/form/common/api/downloadFile', { fileName: target.fileName }, target.name);
}

/** Spec §2: the full-screen file preview; images inline, everything else in a frame the server sandboxes. */
export function FilePreviewPopup() {
  const target = useStore(filePreviewStore);
  const src = usePreviewUrl(target);
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
            {src === null ? null : IMAGE.test(target.name) ? (
              <img className="file-preview-image" src={src} alt={target.name} />
            ) : (
              <iframe className="file-preview-frame" title={target.name} src={src} />
            )}
          </div>
        </div>
      )}
    </Popup>
  );
}
