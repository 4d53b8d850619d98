import type { MailFolder, MailListRow } from '@contract/mail';
import { formatRelativeTime } from '@/lib/format';
import { useMailAction, type MailAction } from '../api/act-on-mail';
import { SwipeRow, type SwipeRowAction } from './swipe-row';

/** One mail in a folder: swipe left to star or delete (in 已删除: restore or purge). */
export function MailRow({ row, folder }: { row: MailListRow; folder: MailFolder }) {
  const action = useMailAction();
  const run = (kind: MailAction) => action.mutate({ action: kind, id: row.id, subject: row.subject });
  const actions: SwipeRowAction[] =
    folder === 'trash'
      ? [
          { key: 'restore', text: '恢复', tone: 'primary', onClick: () => run('restore') },
          { key: 'purge', text: '彻底删除', tone: 'danger', onClick: () => run('purge') },
        ]
      : [
          {
            key: 'star',
            text: row.starred ? '取消星标' : '星标',
            tone: 'warning',
            onClick: () => run(row.starred ? 'unstar' : 'star'),
          },
          { key: 'delete', text: '删除', tone: 'danger', onClick: () => run('delete') },
        ];
  const who = row.folder === 'inbox' ? row.sender.name : `致：${row.recipientNames.join('、') || '（未填写收件人）'}`;
  return (
    <SwipeRow actions={actions}>
      <div className={row.seen ? 'mail-row' : 'mail-row mail-unread'}>
        <div className="mail-row-head">
          {!row.seen && <span className="mail-dot" aria-label="未读" />}
          <span className="mail-who">{who}</span>
          <time className="mail-time">{formatRelativeTime(row.at)}</time>
        </div>
        <div className="mail-subject">
          {row.confidential && <span className="mail-flag mail-flag-secret">机密</span>}
          {row.priority === 'high' && <span className="mail-flag">重要</span>}
          {row.folder === 'drafts' && <span className="mail-flag mail-flag-draft">草稿</span>}
          {row.subject}
          {row.starred && (
            <span className="mail-star" aria-label="星标">
              ★
            </span>
          )}
          {row.hasAttachments && (
            <span className="mail-clip" aria-label="有附件">
              📎
            </span>
          )}
        </div>
        <div className="mail-summary">{row.summary || '（无正文）'}</div>
      </div>
    </SwipeRow>
  );
}
