import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@/lib/store';
import { afterFirstInteraction } from '@/lib/after-first-interaction';
import { filePreviewStore } from '@/components/file-preview/preview-store';

const loadPopup = () => import('./file-preview-popup');
const FilePreviewPopup = lazy(() => loadPopup().then((mod) => ({ default: mod.FilePreviewPopup })));

/** After the first touch, in the main thread's next idle moment: the popup, the PDF and Word viewers, the PDF worker. */
const prefetchViewers = afterFirstInteraction(
  () =>
    new Promise<void>((resolve) => {
      const fetchNow = () => resolve(loadPopup().then((mod) => mod.prefetchCommonViewers()));
      if (typeof requestIdleCallback === 'function') requestIdleCallback(fetchNow, { timeout: 10_000 });
      else setTimeout(fetchNow, 500);
    }),
);

/**
 * The preview (and the antd-mobile Popup under it) is not part of the shell's first load: it is fetched, with the PDF
 * and Word viewers, when the phone is idle after the first touch, or at the latest when a file is opened.
 */
export function LazyFilePreview() {
  const target = useStore(filePreviewStore);
  const [wanted, setWanted] = useState(false);
  // fetched and parsed after the tap, the viewers alone kept a slow phone's first page seconds away
  useEffect(() => void prefetchViewers().catch(() => undefined), []);
  // the bytes (and a Word file's parse) start with the tap, not once the popup has rendered and asked for them
  useEffect(
    () =>
      filePreviewStore.subscribe((opened) => {
        if (opened)
          void loadPopup().then(
            (mod) => mod.startPreview(opened),
            () => undefined,
          );
      }),
    [],
  );
  // once loaded it stays mounted, so the Popup can play its closing animation
  if (target !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <FilePreviewPopup />
    </Suspense>
  );
}
