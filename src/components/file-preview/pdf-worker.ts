import { GlobalWorkerOptions, PDFWorker } from 'pdfjs-dist';

// The worker is its own file (an asset next to the chunks, precached like them).
GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

let shared: PDFWorker | null = null;

/**
 * One pdf.js worker for every PDF of the session: starting one (a megabyte of script to parse) cost a slow phone
 * seconds on each open. It is started while the phone is idle (the viewers' prefetch) or by the first PDF; a
 * document's own destroy() leaves a worker it was given running.
 */
export function sharedPdfWorker(): PDFWorker {
  if (!shared || shared.destroyed) shared = new PDFWorker();
  return shared;
}
