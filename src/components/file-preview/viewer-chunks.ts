import type { PreviewKind } from './preview-kind';

/*
 * Each viewer (pdf.js, docx-preview, read-excel-file) is its own chunk. The import functions live here so that the
 * preview can start fetching a viewer while the file's bytes are still on their way, and the shell can fetch the two
 * heavy ones while the phone is idle, long before anyone taps an attachment.
 */
export const loadPdfViewer = () => import('./pdf-viewer');
export const loadDocxViewer = () => import('./docx-viewer');
export const loadXlsxViewer = () => import('./xlsx-viewer');
export const loadTextViewer = () => import('./text-viewer');

/** The chunk of the viewer that shows files of this kind (none for images and files that cannot be shown). */
export function viewerChunkOf(kind: PreviewKind): (() => Promise<unknown>) | undefined {
  if (kind === 'pdf' || kind === 'converted') return loadPdfViewer;
  if (kind === 'docx') return loadDocxViewer;
  if (kind === 'xlsx') return loadXlsxViewer;
  if (kind === 'text') return loadTextViewer;
  return undefined;
}

/**
 * Fetches and evaluates the viewers of the files people open most (PDF and Word), one after the other, and starts
 * the pdf.js worker, so that a later tap pays neither the download nor the parse. A failure (offline, a new build) is no error: the tap fetches
 * the viewer again as it always did.
 */
export async function prefetchCommonViewers(): Promise<void> {
  await loadPdfViewer()
    .then((viewer) => viewer.startPdfWorker())
    .catch(() => undefined);
  await loadDocxViewer().catch(() => undefined);
}
