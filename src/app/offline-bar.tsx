import { lazy, Suspense } from 'react';
import { useIsOffline } from '@/offline/online-status';
import { LazyPendingWrites } from '@/offline/lazy-pending-writes';
import './offline-bar.css';

function PlainNotice() {
  return (
    <div className="offline-bar" role="status" aria-live="polite">
      离线
    </div>
  );
}

// The age of the shown data is worked out only offline: its code is fetched when the network goes (the service
// worker has it), and the bar says 离线 meanwhile, or for good when even that fetch fails.
const OfflineNotice = lazy(() => import('./offline-notice').catch(() => ({ default: PlainNotice })));

/** A thin bar while the browser is offline, saying how old the shown data is; queued writes are counted beside it. */
export function OfflineBar() {
  const offline = useIsOffline();
  return (
    <>
      {offline ? (
        <Suspense fallback={<PlainNotice />}>
          <OfflineNotice />
        </Suspense>
      ) : null}
      <LazyPendingWrites />
    </>
  );
}
