import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { MailFolder } from '@contract/mail';
import { mailCountsQueryOptions } from '../api/get-mail';
import type { FolderRoute } from '../folder-routes';

const TABS: { folder: MailFolder; route: FolderRoute; label: string }[] = [
  { folder: 'inbox', route: 'inbox', label: '收件箱' },
  { folder: 'star', route: 'star', label: '星标' },
  { folder: 'draft', route: 'draft', label: '草稿' },
  { folder: 'sent', route: 'outbox', label: '已发送' },
  { folder: 'trash', route: 'trash', label: '已删除' },
];

/** The folders as a tab strip, with the unread count on 收件箱, plus search and 写邮件. */
export function MailTabs({ current }: { current: MailFolder }) {
  const counts = useQuery(mailCountsQueryOptions()).data;
  return (
    <div className="mail-top">
      <nav className="mail-tabs" aria-label="邮件夹">
        {TABS.map((tab) => (
          <Link
            key={tab.folder}
            to="/email/$folder"
            params={{ folder: tab.route }}
            replace
            className={tab.folder === current ? 'mail-tab mail-tab-on' : 'mail-tab'}
            aria-current={tab.folder === current ? 'page' : undefined}
          >
            {tab.label}
            {tab.folder === 'inbox' && counts?.unread ? (
              <span className="mail-count" aria-label={`${counts.unread}封未读`}>
                {counts.unread > 99 ? '99+' : counts.unread}
              </span>
            ) : null}
          </Link>
        ))}
      </nav>
      <div className="mail-tools">
        {/* the folder's own search box is the one search entry (/email/searchEmail stays for links to it) */}
        <Link to="/email/compose" className="mail-tool mail-compose">
          写邮件
        </Link>
      </div>
    </div>
  );
}
