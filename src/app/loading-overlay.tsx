import { useEffect, useState } from 'react';
import { useStore } from '@/lib/store';
import { pendingRequests } from '@/api/pending-requests';
import './loading-overlay.css';

export const OVERLAY_DELAY_MS = 100;
export const OVERLAY_SAFETY_HIDE_MS = 500;

/** Spec §4/§9: shown only when a request has been pending > 100 ms; hidden when the last one ends (500 ms safety hide). */
export function LoadingOverlay() {
  const pending = useStore(pendingRequests);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (pending > 0) {
      const show = setTimeout(() => setVisible(true), OVERLAY_DELAY_MS);
      return () => clearTimeout(show);
    }
    setVisible(false);
    return undefined;
  }, [pending]);

  useEffect(() => {
    if (!visible || pending > 0) return undefined;
    // A counter that went wrong (an aborted request never settled) must not leave the screen blocked.
    const safety = setTimeout(() => setVisible(false), OVERLAY_SAFETY_HIDE_MS);
    return () => clearTimeout(safety);
  }, [visible, pending]);

  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="loading-overlay-spinner" aria-hidden="true" />
      <span className="loading-overlay-text">加载中...</span>
    </div>
  );
}
