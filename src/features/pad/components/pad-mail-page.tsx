import { useNavigate } from '@tanstack/react-router';
import type { MailListRow } from '@contract/mail';
import { ListView } from '@/components/list-view';
import { SPLIT_ITEM_ATTR, SplitView } from '@/components/split-view';
import { MailDetailPage } from '@/features/mail/components/mail-detail-page';
import { MailRow } from '@/features/mail/components/mail-row';
import { unreadMailQuery } from '../api/unread-mail';
import { PadWorktableTabs } from './pad-worktable-tabs';
import '@/features/mail/components/mail-list.css';
import './pad-worktable.css';

/**
 * 未读邮件 (/padworktable/unreademail): unread inbox mail on the left, the chosen mail read on the right. The choice is
 * the URL's `id`, so rotating or resizing keeps it; opening marks the mail read (MailDetailPage) and the list follows.
 */
export function PadMailPage({ id }: { id?: string }) {
  const navigate = useNavigate();
  const select = (next?: string) =>
    void navigate({ to: '/padworktable/unreademail', search: next ? { id: next } : {}, replace: Boolean(id) });
  const row = (mail: MailListRow) => (
    <button
      type="button"
      className="list-view-item-button"
      {...{ [SPLIT_ITEM_ATTR]: '' }}
      aria-current={mail.id === id ? 'true' : undefined}
      onClick={() => select(mail.id)}
    >
      <MailRow row={mail} folder="inbox" />
    </button>
  );
  return (
    <div className="pad-worktable pad-split-page">
      <PadWorktableTabs />
      <SplitView
        listLabel="未读邮件"
        detailLabel="邮件内容"
        placeholder="请从左侧选择一封邮件"
        selectedKey={id}
        onBack={() => select()}
        list={
          <ListView
            query={unreadMailQuery(id)}
            itemKey={(mail) => mail.id}
            renderItem={row}
            searchable
            placeholder="搜索发件人、主题、正文"
            emptyTip="没有未读邮件"
            label="未读邮件列表"
          />
        }
        detail={id ? <MailDetailPage key={id} id={id} onDeleted={() => select()} /> : null}
      />
    </div>
  );
}
