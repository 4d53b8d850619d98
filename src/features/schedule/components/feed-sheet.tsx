import { Popup } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { copyText } from '@/lib/copy-text';
import { dialog, toast } from '@/ui/feedback';
import { feedOptions } from '../api/get-feed';
import { useRenewFeed } from '../api/renew-feed';
import './feed-sheet.css';

/**
 * 日程 → 订阅: the secret address a phone calendar subscribes to, whole and wrapped (a cut address is useless), with
 * 复制 and 重新生成. Looking at it changes nothing; 重新生成 asks first, because the old address stops working.
 */
export function FeedSheet({ onClose }: { onClose: () => void }) {
  const { data, isPending, isError, refetch } = useQuery(feedOptions());
  const renew = useRenewFeed();
  const url = data?.url ?? null;

  const handleCopy = async () => {
    if (url && (await copyText(url))) toast.success('已复制');
    else toast.fail('复制失败，请长按地址手动复制');
  };
  const handleRenew = async () => {
    const asked = url
      ? await dialog.confirm({
          title: '重新生成订阅地址',
          content: '重新生成后，旧地址将立即失效，已订阅的手机日历需要用新地址重新订阅。确定重新生成吗？',
          confirmText: '重新生成',
        })
      : true;
    if (asked) renew.mutate();
  };

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName="schedule-feed-popup">
      <section className="schedule-feed" aria-label="订阅到手机日历">
        <h2 className="schedule-form-title">订阅到手机日历</h2>
        <p className="schedule-feed-hint">在手机日历中添加订阅日历，填入下面的地址。此地址仅限本人使用，请勿转发。</p>
        {isPending ? (
          <p className="schedule-feed-hint">加载中...</p>
        ) : isError ? (
          <button type="button" className="schedule-btn" onClick={() => void refetch()}>
            加载失败，点击重试
          </button>
        ) : url ? (
          <p className="schedule-feed-url" aria-label="订阅地址">
            {url}
          </p>
        ) : (
          <p className="schedule-feed-hint">还没有可显示的订阅地址，生成后即可订阅。</p>
        )}
        <div className="schedule-form-actions">
          <button type="button" className="schedule-btn" onClick={onClose}>
            关闭
          </button>
          {url && (
            <button type="button" className="schedule-btn schedule-btn-primary" onClick={() => void handleCopy()}>
              复制
            </button>
          )}
          {!isPending && !isError && (
            <button
              type="button"
              className={url ? 'schedule-btn' : 'schedule-btn schedule-btn-primary'}
              disabled={renew.isPending}
              onClick={() => void handleRenew()}
            >
              {url ? '重新生成' : '生成订阅地址'}
            </button>
          )}
        </div>
      </section>
    </Popup>
  );
}
