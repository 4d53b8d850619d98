import { useEffect, useMemo, useState } from 'react';
import { ImageViewer } from 'antd-mobile';
import type { PreviewRequest, PreviewTarget } from './preview-store';
import { previewKindOf } from './preview-kind';
import { loadPreviewFile } from './preview-source';
import { Watermark } from './watermark';
import './file-preview.css';

const sameFile = (a: PreviewTarget, b: PreviewTarget) => (a.fileName ?? a.url) === (b.fileName ?? b.url);

/** The images of one item (a mail's, a request's), swiped through with pinch zoom (antd-mobile ImageViewer). */
export function ImageGallery({
  request,
  onClose,
  onDownload,
}: {
  request: PreviewRequest;
  onClose: () => void;
  /** none: the images are only looked at */
  onDownload?: (file: PreviewTarget) => void;
}) {
  // the request object is the identity of what was opened (its group is read with it)
  const images = useMemo(() => {
    const shown = (request.group ?? []).filter((file) => previewKindOf(file.name) === 'image');
    if (!shown.some((file) => sameFile(file, request))) shown.unshift(request);
    return shown;
  }, [request]);
  const start = images.findIndex((file) => sameFile(file, request));
  const [addresses, setAddresses] = useState<string[] | null>(null);

  useEffect(() => {
    let live = true;
    const made: string[] = [];
    // object URLs of the bytes (fetched with the session, or kept on the phone): an <img> cannot send the session
    void Promise.all(
      images.map((file) =>
        loadPreviewFile(file, false, () => undefined).then(
          (blob) => {
            const address = URL.createObjectURL(blob);
            made.push(address);
            return address;
          },
          () => '',
        ),
      ),
    ).then((loaded) => live && setAddresses(loaded));
    return () => {
      live = false;
      made.forEach((address) => URL.revokeObjectURL(address));
    };
  }, [images]);

  return (
    <>
      {addresses && (
        <ImageViewer.Multi
          images={addresses}
          defaultIndex={start}
          visible
          onClose={onClose}
          renderFooter={(_, shown) => (
            <div className="file-preview-image-footer">
              <span>{`${images[shown]?.name ?? ''}（${shown + 1}/${images.length}）`}</span>
              {onDownload && (
                <button
                  type="button"
                  className="file-preview-download"
                  onClick={() => onDownload(images[shown] ?? request)}
                >
                  下载
                </button>
              )}
              <button type="button" className="file-preview-download" onClick={onClose}>
                关闭
              </button>
            </div>
          )}
        />
      )}
      {!addresses && (
        <p className="file-preview-image-loading" role="status">
          正在加载...
        </p>
      )}
      <div className="file-preview-image-mark">
        <Watermark />
      </div>
    </>
  );
}
