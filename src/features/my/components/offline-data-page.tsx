import { Button, List } from 'antd-mobile';
import { formatDate, formatSize } from '@/lib/format';
import { useStore } from '@/lib/store';
import { useIsOffline } from '@/offline/online-status';
import { clearSyncedData, syncAheadNow } from '@/offline/sync-ahead/sync-ahead';
import { keptBytes, syncAheadStatus } from '@/offline/sync-ahead/sync-ahead-status';
import { dialog, toast } from '@/ui/feedback';
import { SentWritesSection } from './sent-writes-section';
import './offline-data-page.css';

function keptText({
  items,
  files,
  dataBytes,
  fileBytes,
}: {
  items: number;
  files: number;
  dataBytes: number;
  fileBytes: number;
}) {
  const parts = [`${items}项`];
  if (files) parts.push(`附件${files}个`);
  parts.push(formatSize(dataBytes + fileBytes));
  return parts.join(' · ');
}

/**
 * 我的 → 离线数据 (/myCenter/offlineData): what 离线同步 keeps on this phone for the signed-in person, its size against
 * the budget and when it last ran, with 立即同步 and 清除, and the writes made offline that have been sent (已同步).
 */
export function OfflineDataPage() {
  const status = useStore(syncAheadStatus);
  const offline = useIsOffline();
  const total = keptBytes(status);
  const lastSync = status.lastSyncAt ? formatDate(status.lastSyncAt, 'yyyy-MM-dd HH:mm') : '尚未同步';
  const syncNow = async () => {
    await syncAheadNow();
    toast.success('同步完成');
  };
  const clear = async () => {
    const sure = await dialog.confirm({
      content: '清除后，离线时将无法查看已同步的待办、附件等数据（待同步的操作会保留）。确定清除吗？',
    });
    if (!sure) return;
    await clearSyncedData();
    toast.success('离线数据已清除');
  };
  return (
    <div className="offline-data-page">
      <p className="offline-data-hint">
        打开应用、收到推送时自动同步待办、待阅及其附件等，离线时也能查看和处理；空间不足时先清除最早的数据。
      </p>
      <List header="同步状态">
        <List.Item extra={status.running ? '同步中...' : lastSync}>上次同步</List.Item>
        <List.Item extra={`${formatSize(total)} / ${formatSize(status.budgetBytes)}`}>已占用空间</List.Item>
      </List>
      {status.incomplete && !status.running && (
        <p className="offline-data-warning" role="status">
          上次同步未完成，部分数据未保存到本机
        </p>
      )}
      {status.order.length > 0 && (
        <section aria-label="已保存到本机">
          <List header="已保存到本机">
            {status.order.map((group) => {
              const kept = status.groups[group];
              return kept ? (
                <List.Item key={group} extra={keptText(kept)}>
                  {group}
                </List.Item>
              ) : null;
            })}
          </List>
        </section>
      )}
      <SentWritesSection />
      <div className="offline-data-actions">
        <Button block color="primary" loading={status.running} disabled={offline} onClick={() => void syncNow()}>
          {offline ? '当前离线，联网后可同步' : '立即同步'}
        </Button>
        <Button block fill="outline" color="danger" disabled={status.running} onClick={() => void clear()}>
          清除
        </Button>
      </div>
    </div>
  );
}
