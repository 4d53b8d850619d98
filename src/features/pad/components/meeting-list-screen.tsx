import { Button } from 'antd-mobile';
import { useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
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
      {/* the phone's three full-width tiles would stretch across both panes: one row of buttons sized to their words */}
      <div className="pad-meeting-actions" role="group" aria-label="会议操作">
        <Button size="small" color="primary" onClick={() => void navigate({ to: '/meeting/addMeeting' })}>
          预订会议
        </Button>
        <Button size="small" color="primary" fill="outline" onClick={() => void navigate({ to: '/meeting/room' })}>
          会议室
        </Button>
        <Button
          size="small"
          color="primary"
          fill="outline"
          onClick={() => void navigate({ to: '/meeting/scanCodePage' })}
        >
          扫码签到
        </Button>
      </div>
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
        openFirst
        searchPlaceholder="搜索会议主题"
        emptyTip="暂无会议"
      />
    </PadSection>
  );
}
