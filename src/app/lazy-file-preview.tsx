import { lazy, Suspense, useState } from 'react';
import { useStore } from '@/lib/store';
import { filePreviewStore } from '@/components/file-preview/preview-store';

const FilePreviewPopup = lazy(() => import('./file-preview-popup').then((mod) => ({ default: mod.FilePreviewPopup })));

/** The preview (and the antd-mobile Popup under it) is fetched the first time a file is opened, not with the shell. */
export function LazyFilePreview() {
  const target = useStore(filePreviewStore);
  const [wanted, setWanted] = useState(false);
  // once loaded it stays mounted, so the Popup can play its closing animation
  if (target !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <FilePreviewPopup />
    </Suspense>
  );
}
