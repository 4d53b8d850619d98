import { useIsOffline } from '@/offline/online-status';
import { useDataUpdatedAt } from '@/offline/use-data-updated-at';
import { formatUpdatedAt } from '@/offline/format-updated-at';
import { PendingWrites } from '@/offline/pending-writes';
import './offline-bar.css';

/** A thin bar while the browser is offline, saying how old the shown data is; queued writes are counted beside it. */
export function OfflineBar() {
  const offline = useIsOffline();
  return (
    <>
      {offline ? <OfflineNotice /> : null}
      <PendingWrites />
    </>
  );
}

function OfflineNotice() {
  const updatedAt = useDataUpdatedAt();
  return (
    <div className="offline-bar" role="status" aria-live="polite">
      {updatedAt ? `离线 · 数据更新于 ${formatUpdatedAt(updatedAt)}` : '离线'}
    </div>
  );
}
