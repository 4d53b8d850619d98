import { UserCardPage } from '@/features/addressbook/components/user-card-page';
import { CustomDetailPage } from '@/features/custom/components/custom-detail-page';
import { InstanceDetailPage } from '@/features/follow/components/instance-detail-page';
import { MailDetailPage } from '@/features/mail/components/mail-detail-page';
import { MeetingDetailPage } from '@/features/meeting/components/meeting-detail-page';
import { DetailPage } from '@/features/news/components/detail-page';
import { ScheduleListPage } from '@/features/schedule/components/schedule-list-page';
import type { Opened } from '@/features/search/open-target';

/** The tablet's right pane of 搜索: the opened hit's record, as its own module shows it. */
export function SearchOpenedPane({ opened }: { opened: Opened }) {
  const { module, id, extra } = opened;
  switch (module) {
    case 'flow':
      return <InstanceDetailPage key={id} instanceId={id} variant="view" />;
    case 'mail':
      return <MailDetailPage key={id} id={id} />;
    case 'news':
      return <DetailPage key={id} articleId={id} />;
    case 'contacts':
      return <UserCardPage key={id} userId={id} />;
    case 'meeting':
      return <MeetingDetailPage key={id} id={id} />;
    case 'custom':
      return extra ? <CustomDetailPage key={id} code={extra} id={id} /> : null;
    case 'schedule':
      return <ScheduleListPage key={id} from={extra} to={extra} />;
  }
}
