import { useDataUpdatedAt } from '@/offline/use-data-updated-at';
import { formatUpdatedAt } from '@/offline/format-updated-at';

/** The offline bar with the age of the shown data (loaded by OfflineBar when the network goes). */
export default function OfflineNotice() {
  const updatedAt = useDataUpdatedAt();
  return (
    <div className="offline-bar" role="status" aria-live="polite">
      {updatedAt ? `离线 · 数据更新于 ${formatUpdatedAt(updatedAt)}` : '离线'}
    </div>
  );
}
