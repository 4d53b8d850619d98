import { useOutbox } from './use-outbox';
import './pending-writes.css';

/**
 * Queued writes at a glance: how many still wait for the network, and every write the server refused, kept until
 * the user dismisses it (a refused approval must never disappear silently).
 */
export function PendingWrites() {
  const { pending, problems, dismiss, retry } = useOutbox();
  if (!pending.length && !problems.length) return null;
  return (
    <div className="pending-writes">
      {pending.length ? (
        <div className="pending-writes-count" role="status" data-testid="pending-writes">
          {pending.length} 项操作待同步
        </div>
      ) : null}
      {problems.map((entry) => (
        <div key={entry.id} className="pending-writes-problem" role="alert">
          <span className="pending-writes-text">
            {entry.label}未完成：{entry.error ?? '请求失败'}
          </span>
          {entry.status === 'failed' ? (
            <button type="button" className="pending-writes-action" onClick={() => void retry(entry.id)}>
              重试
            </button>
          ) : null}
          <button type="button" className="pending-writes-action" onClick={() => void dismiss(entry.id)}>
            知道了
          </button>
        </div>
      ))}
    </div>
  );
}
