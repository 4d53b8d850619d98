import { useNavigate } from '@tanstack/react-router';
import type { MailFolder, MailListRow } from '@contract/mail';
import { MAIL_FOLDER_LABELS } from '@contract/mail';
import { ListView } from '@/components/list-view';
import { usePageTitleOverride } from '@/lib/page-title';
import { mailListQuery } from '../api/get-mail';
import { MailTabs } from './mail-tabs';
import { PendingMail } from './pending-mail';
import { MailRow } from './mail-row';
import './mail-list.css';

const EMPTY: Record<MailFolder, string> = {
  inbox: '收件箱里没有邮件',
  unread: '没有未读邮件',
  star: '还没有星标邮件',
  draft: '没有草稿',
  sent: '还没有发送过邮件',
  trash: '已删除里没有邮件',
  all: '没有找到邮件',
};

/** One folder: tabs, the list (search, pull to refresh, infinite load), a draft opens the compose screen. */
export function MailFolderPage({ folder }: { folder: MailFolder }) {
  const navigate = useNavigate();
  usePageTitleOverride(MAIL_FOLDER_LABELS[folder]);
  const open = (row: MailListRow) => {
    if (row.folder === 'drafts' && folder !== 'trash')
      void navigate({ to: '/email/compose', search: { draftId: row.id } });
    else void navigate({ to: '/email/detail', search: { id: row.id } });
  };
  return (
    <div className="mail-page">
      <MailTabs current={folder} />
      {folder === 'sent' && <PendingMail />}
      <ListView
        query={mailListQuery(folder)}
        itemKey={(row) => row.id}
        renderItem={(row) => <MailRow row={row} folder={folder} />}
        onItemClick={open}
        searchable
        placeholder="搜索发件人、主题、正文"
        emptyTip={EMPTY[folder]}
        label={MAIL_FOLDER_LABELS[folder]}
      />
    </div>
  );
}
