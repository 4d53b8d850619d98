import { useNavigate, useRouterState } from '@tanstack/react-router';
import { MAIL_FOLDER_LABELS, type MailFolder } from '@contract/mail';
import { usePageTitleOverride } from '@/lib/page-title';
import { mailListQuery } from '@/features/mail/api/get-mail';
import { MailDetailPage } from '@/features/mail/components/mail-detail-page';
import { MailFolderPage } from '@/features/mail/components/mail-folder-page';
import { MailRow } from '@/features/mail/components/mail-row';
import { MailTabs } from '@/features/mail/components/mail-tabs';
import { usesTabletShell } from '../api/tablet';
import { PadSection } from './pad-layout';
import { PadSplitList } from './pad-split-list';
import '@/features/mail/components/mail-list.css';

const EMPTY_TIP = '这里没有邮件';

/** The one body of the 邮件 folder routes: the phone folder, or on a tablet the folder beside the mail being read. */
export function MailFolderScreen({ folder }: { folder: MailFolder }) {
  const tablet = useRouterState({ select: (s) => usesTabletShell(s.location.pathname) });
  if (!tablet) return <MailFolderPage folder={folder} />;
  return <PadMailFolder folder={folder} />;
}

function PadMailFolder({ folder }: { folder: MailFolder }) {
  const navigate = useNavigate();
  usePageTitleOverride(MAIL_FOLDER_LABELS[folder]);
  return (
    <PadSection>
      <PadSplitList
        header={<MailTabs current={folder} />}
        query={mailListQuery(folder)}
        renderRow={(row) => <MailRow row={row} folder={folder} />}
        // a draft is written, not read: it opens the compose screen as on a phone
        openElsewhere={(row) => {
          if (row.folder !== 'drafts' || folder === 'trash') return false;
          void navigate({ to: '/email/compose', search: { draftId: row.id } });
          return true;
        }}
        detail={(id, close) => <MailDetailPage key={id} id={id} onDeleted={close} />}
        listLabel={MAIL_FOLDER_LABELS[folder]}
        detailLabel="邮件内容"
        placeholder="请从左侧选择一封邮件"
        searchPlaceholder="搜索发件人、主题、正文"
        emptyTip={EMPTY_TIP}
      />
    </PadSection>
  );
}
