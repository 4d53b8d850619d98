import type { PreviewTarget } from './preview-store';
import { previewKindOf } from './preview-kind';
import { loadPreviewFile } from './preview-source';
import { loadDocxViewer, loadPdfViewer, viewerChunkOf } from './viewer-chunks';

/** One file's bytes on their way, with the share read so far for whoever shows the progress. */
export interface PreviewLoad {
  blob: Promise<Blob>;
  share: number;
  onShare: Set<(share: number) => void>;
}

const loads = new WeakMap<PreviewTarget, PreviewLoad>();

/**
 * Starts everything a tap on a file needs at the moment of the tap: the bytes, the viewer's code and the document's
 * parse. On a slow phone the popup's own render and opening animation took half a second before its effect asked
 * for the file; now the network and the parse run under them. Called again for the same request, it answers the load
 * already under way.
 */
export function startPreviewLoad(target: PreviewTarget): PreviewLoad {
  const started = loads.get(target);
  if (started) return started;
  const kind = previewKindOf(target.name);
  const load: PreviewLoad = { blob: Promise.resolve(new Blob()), share: 0, onShare: new Set() };
  void viewerChunkOf(kind)?.().catch(() => undefined);
  load.blob = loadPreviewFile(target, kind === 'converted', (share) => {
    load.share = share;
    for (const tell of load.onShare) tell(share);
  });
  if (kind === 'pdf' || kind === 'converted')
    void Promise.all([load.blob, loadPdfViewer()])
      .then(([blob, viewer]) => void viewer.openPdf(blob).doc.catch(() => undefined))
      .catch(() => undefined); // the viewer shows the failure when it opens the same bytes
  if (kind === 'docx')
    void Promise.all([load.blob, loadDocxViewer()])
      .then(([blob, viewer]) => viewer.prepareDocx(blob))
      .catch(() => undefined); // the viewer shows the failure when it asks for the same parse
  loads.set(target, load);
  // a failed load (offline, a refusal) is not kept: the next tap on the same file tries again
  load.blob.catch(() => loads.get(target) === load && loads.delete(target));
  return load;
}

/**
 * The load the tap started for this request (or a new one), handed over to the popup's body: from then on the body
 * holds the bytes, and a request kept by its module (an attachment in a list's data) does not keep them alive.
 */
export function takePreviewLoad(target: PreviewTarget): PreviewLoad {
  const load = startPreviewLoad(target);
  loads.delete(target);
  return load;
}
