import { useNavigate } from '@tanstack/react-router';
import type { MailListRow } from '@contract/mail';
import { ListView } from '@/components/list-view';
import { mailListQuery } from '../api/get-mail';
import { MailRow } from './mail-row';
import './mail-list.css';

/** 搜索邮件: every received and sent mail by sender, subject or text (1–2 Chinese characters work too). */
export function SearchMailPage() {
  const navigate = useNavigate();
  const open = (row: MailListRow) => void navigate({ to: '/email/detail', search: { id: row.id } });
  return (
    <div className="mail-page">
      <ListView
        query={mailListQuery('all')}
        itemKey={(row) => `${row.folder}-${row.id}`}
        renderItem={(row) => <MailRow row={row} folder="all" />}
        onItemClick={open}
        searchable
        placeholder="搜索发件人、主题、正文"
        emptyTip="没有找到邮件"
        label="搜索邮件"
      />
    </div>
  );
}
