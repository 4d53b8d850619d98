import { Link, useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { meetingLists, type MeetingListKind } from '@contract/meeting';
import { meetingListQuery } from '@/features/meeting/api/get-meetings';
import { MeetingDetailPage } from '@/features/meeting/components/meeting-detail-page';
import { MeetingHomePage } from '@/features/meeting/components/meeting-home-page';
import { MeetingRow } from '@/features/meeting/components/meeting-row';
import { usesTabletShell } from '../api/tablet';
import { PadSection } from './pad-layout';
import { PadSplitList } from './pad-split-list';
import '@/features/meeting/components/meeting.css';

const KINDS = Object.keys(meetingLists) as MeetingListKind[];
const isKind = (value: unknown): value is MeetingListKind => KINDS.includes(value as MeetingListKind);

/** The body of /meeting/index: the phone page, or on a tablet the chosen list (`?list=`) beside the meeting opened. */
export function MeetingListScreen() {
  const tablet = useRouterState({ select: (s) => usesTabletShell(s.location.pathname) });
  const search = useSearch({ strict: false }) as { list?: unknown };
  const kind = isKind(search.list) ? search.list : 'invitations';
  if (!tablet) return <MeetingHomePage />;
  return <PadMeetings kind={kind} />;
}

function PadMeetings({ kind }: { kind: MeetingListKind }) {
  const navigate = useNavigate();
  const header = (
    <>
      <nav className="meeting-actions" aria-label="会议操作">
        <Link to="/meeting/addMeeting" className="meeting-action">
          预订会议
        </Link>
        <Link to="/meeting/room" className="meeting-action">
          会议室
        </Link>
        <Link to="/meeting/scanCodePage" className="meeting-action">
          扫码签到
        </Link>
      </nav>
      <div className="pad-screen-filters" role="group" aria-label="会议列表">
        {KINDS.map((k) => (
          <button
            key={k}
            type="button"
            className="pad-screen-filter"
            aria-pressed={k === kind}
            onClick={() =>
              void navigate({
                to: '/meeting/index',
                search: k === 'invitations' ? {} : ({ list: k } as never),
                replace: true,
              })
            }
          >
            {meetingLists[k]}
          </button>
        ))}
      </div>
    </>
  );
  return (
    <PadSection>
      <PadSplitList
        key={kind}
        header={header}
        query={meetingListQuery(kind)}
        renderRow={(row) => <MeetingRow row={row} />}
        detail={(id) => <MeetingDetailPage key={id} id={id} />}
        listLabel={meetingLists[kind]}
        detailLabel="会议详情"
        placeholder="请从左侧选择一个会议"
        searchPlaceholder="搜索会议主题"
        emptyTip="暂无会议"
      />
    </PadSection>
  );
}
