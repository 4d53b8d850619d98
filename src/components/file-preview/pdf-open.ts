import { getDocument, type PDFDocumentLoadingTask, type PDFDocumentProxy } from 'pdfjs-dist';
import { sharedPdfWorker } from './pdf-worker';

/** A PDF being opened by pdf.js, with the share parsed so far for whoever shows it. */
export interface PdfOpening {
  doc: Promise<PDFDocumentProxy>;
  onProgress?: (share: number) => void;
}

const opened = new WeakMap<Blob, { opening: PdfOpening; task: Promise<PDFDocumentLoadingTask> }>();

/**
 * Opens a PDF's bytes in the shared worker and asks for its first page at once. Started by the tap
 * (preview-start.ts) while the popup opens, so parsing and the first page's operator list are under way before the
 * viewer mounts; the viewer asking again for the same bytes gets the same document.
 */
export function openPdf(data: Blob): PdfOpening {
  const known = opened.get(data);
  if (known) return known.opening;
  const task = data.arrayBuffer().then((bytes) => {
    const loading = getDocument({
      data: new Uint8Array(bytes),
      worker: sharedPdfWorker(),
      isEvalSupported: false,
      enableXfa: false,
    });
    loading.onProgress = ({ loaded, total }: { loaded: number; total: number }) =>
      total > 0 && opening.onProgress?.(loaded / total);
    return loading;
  });
  const opening: PdfOpening = { doc: task.then((loading) => loading.promise) };
  // pdf.js keeps a page's promise: the viewer's getPage(1) finds it loaded
  opening.doc.then((doc) => doc.getPage(1)).catch(() => undefined);
  opened.set(data, { opening, task });
  return opening;
}

/** Ends the document opened from these bytes (the shared worker stays for the next one). */
export function closePdf(data: Blob): void {
  const known = opened.get(data);
  if (!known) return;
  opened.delete(data);
  void known.task.then((loading) => loading.destroy()).catch(() => undefined);
}
