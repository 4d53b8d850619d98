import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { PdfPage } from './pdf-page';
import { PdfSearch } from './pdf-search';
import { closePdf, openPdf } from './pdf-open';
import { sharedPdfWorker } from './pdf-worker';
import { usePinchZoom } from './use-pinch-zoom';

export { openPdf } from './pdf-open';

/** Starts the pdf.js worker ahead of the first PDF (the viewers' prefetch while the phone is idle). */
export const startPdfWorker = (): Promise<void> => sharedPdfWorker().promise;

/**
 * A PDF drawn by pdf.js page by page as they scroll into view, each with its text layer (select, find in page,
 * screen readers). No script of the file runs: the scripting sandbox is never loaded and eval is off.
 */
export function PdfViewer({ data, name }: { data: Blob; name: string }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [parsed, setParsed] = useState(0);
  const [current, setCurrent] = useState(1);
  const scroller = useRef<HTMLDivElement>(null);
  const { zoom, zoomBy, pinchHandlers, pinchStyle } = usePinchZoom();
  const [width, setWidth] = useState(0);
  const [marked, setMarked] = useState('');

  const handleFound = (number: number, words: string) => {
    setMarked(words);
    scroller.current?.querySelector(`[data-page-number="${number}"]`)?.scrollIntoView({ block: 'start' });
  };

  useEffect(() => {
    let live = true;
    const opening = openPdf(data);
    opening.onProgress = (share) => live && setParsed(share);
    opening.doc.then(
      (opened) => live && setDoc(opened),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      closePdf(data); // ends the document and its pages; the shared worker stays for the next one
    };
  }, [data]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  if (failed) return <p className="file-preview-message">PDF 文件已损坏或无法解析，请下载后查看</p>;
  return (
    <div className="file-preview-pdf">
      <div className="file-preview-toolbar" role="toolbar" aria-label="PDF 工具栏">
        <span aria-live="polite">
          {doc ? `第 ${current} / ${doc.numPages} 页` : `正在解析 ${Math.round(parsed * 100)}%`}
        </span>
        <button type="button" onClick={() => zoomBy(1 / 1.25)} aria-label="缩小">
          －
        </button>
        <span>{Math.round(zoom * 100)}%</span>
        <button type="button" onClick={() => zoomBy(1.25)} aria-label="放大">
          ＋
        </button>
      </div>
      {doc && <PdfSearch doc={doc} current={current} onFound={handleFound} />}
      <div className="file-preview-pdf-pages" ref={scroller} {...pinchHandlers} aria-label={name} role="document">
        <div style={pinchStyle}>
          {doc &&
            width > 0 &&
            Array.from({ length: doc.numPages }, (_, index) => (
              <PdfPage
                key={index}
                doc={doc}
                number={index + 1}
                width={(width - 16) * zoom}
                root={scroller.current}
                onVisible={setCurrent}
                marked={marked}
              />
            ))}
        </div>
      </div>
    </div>
  );
}
