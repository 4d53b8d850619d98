import { lazy, Suspense, useEffect, useState } from 'react';
import { inHostContainer } from '@/api/host/host-container';
import { containerName, openInContainer } from '@/api/host/open-in-container';
import type { PreviewTarget } from './preview-store';
import { previewKindOf } from './preview-kind';
import { PreviewUnavailable } from './preview-source';
import { takePreviewLoad } from './preview-start';
import { Watermark } from './watermark';
import { loadDocxViewer, loadPdfViewer, loadTextViewer, loadXlsxViewer } from './viewer-chunks';
import './file-preview.css';

const PdfViewer = lazy(() => loadPdfViewer().then((m) => ({ default: m.PdfViewer })));
const DocxViewer = lazy(() => loadDocxViewer().then((m) => ({ default: m.DocxViewer })));
const XlsxViewer = lazy(() => loadXlsxViewer().then((m) => ({ default: m.XlsxViewer })));
const TextViewer = lazy(() => loadTextViewer().then((m) => ({ default: m.TextViewer })));

type Loaded = { blob: Blob } | { problem: string } | { share: number };

function useLoadedFile(target: PreviewTarget): Loaded {
  const kind = previewKindOf(target.name);
  const [state, setState] = useState<Loaded>({ share: 0 });
  useEffect(() => {
    let live = true;
    setState(kind === 'none' ? { problem: '该文件类型暂不支持在线预览，请下载后查看' } : { share: 0 });
    if (kind === 'none') return undefined;
    // usually started by the tap itself (src/app/lazy-file-preview.tsx): this picks up the load under way
    const load = takePreviewLoad(target);
    const tell = (share: number) => live && setState({ share });
    load.onShare.add(tell);
    if (load.share > 0) tell(load.share);
    load.blob.then(
      (blob) => live && setState({ blob }),
      (error: unknown) =>
        live &&
        setState({ problem: error instanceof PreviewUnavailable ? error.message : '文件打开失败，请下载后查看' }),
    );
    return () => {
      live = false;
      load.onShare.delete(tell);
    };
  }, [target, kind]);
  return state;
}

/**
 * The one file preview of every module: fetches (or finds kept on the phone) the file, shows it with the viewer of
 * its kind under the viewer's watermark, and says why when it cannot (offering 下载).
 */
export function FilePreviewBody({ target, onDownload }: { target: PreviewTarget; onDownload?: () => void }) {
  const kind = previewKindOf(target.name);
  const state = useLoadedFile(target);
  let content;
  if ('problem' in state) {
    content = (
      <div className="file-preview-problem" role="alert">
        <p>{state.problem}</p>
        {onDownload && (
          <button type="button" className="file-preview-download" onClick={onDownload}>
            下载
          </button>
        )}
        {/* inside WeCom or DingTalk, the container's own viewer may show what ours cannot */}
        {inHostContainer() && (
          <button
            type="button"
            className="file-preview-download"
            onClick={() => void openInContainer(target).catch(() => undefined)}
          >
            用{containerName()}打开
          </button>
        )}
      </div>
    );
  } else if ('share' in state) {
    const waiting = kind === 'converted' ? '正在转换文档' : '正在加载';
    content = (
      <p className="file-preview-message" role="status">
        {state.share > 0 ? `${waiting} ${Math.round(state.share * 100)}%` : `${waiting}...`}
      </p>
    );
  } else {
    const props = { data: state.blob, name: target.name };
    content = (
      <Suspense
        fallback={
          <p className="file-preview-message" role="status">
            正在加载...
          </p>
        }
      >
        {kind === 'pdf' || kind === 'converted' ? (
          <PdfViewer {...props} />
        ) : kind === 'docx' ? (
          <DocxViewer {...props} />
        ) : kind === 'xlsx' ? (
          <XlsxViewer data={state.blob} />
        ) : (
          <TextViewer {...props} />
        )}
      </Suspense>
    );
  }
  return (
    <div className="file-preview-content">
      {content}
      <Watermark />
    </div>
  );
}
