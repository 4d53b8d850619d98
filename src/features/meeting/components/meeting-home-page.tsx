import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { meetingLists, type MeetingListKind } from '@contract/meeting';
import { ListView } from '@/components/list-view';
import { meetingListQuery } from '../api/get-meetings';
import { MeetingRow } from './meeting-row';
import { QueuedBookings } from './queued-bookings';
import './meeting.css';
import './meeting-home.css';

const kinds = Object.keys(meetingLists) as MeetingListKind[];
const emptyTips: Record<MeetingListKind, string> = {
  invitations: '没有待回复的会议邀请',
  upcoming: '暂无待开始的会议',
  ongoing: '暂无进行中的会议',
  past: '暂无已结束的会议',
};

/** /meeting/index: my meetings by state, invitations to answer first; booking, rooms and scanning one tap away. */
export function MeetingHomePage({ kind = 'invitations' }: { kind?: MeetingListKind }) {
  const navigate = useNavigate();
  const [current, setCurrent] = useState<MeetingListKind>(kind);
  return (
    <div className="meeting-page">
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
      <QueuedBookings />
      <div className="meeting-tabs" role="tablist">
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={current === k}
            className={current === k ? 'meeting-tab meeting-tab-on' : 'meeting-tab'}
            onClick={() => setCurrent(k)}
          >
            {meetingLists[k]}
          </button>
        ))}
      </div>
      <ListView
        key={current}
        query={meetingListQuery(current)}
        itemKey={(row) => row.id}
        renderItem={(row) => <MeetingRow row={row} />}
        onItemClick={(row) => void navigate({ to: '/meeting/info', search: { id: row.id } })}
        searchable
        placeholder="搜索会议主题"
        emptyTip={emptyTips[current]}
        label={meetingLists[current]}
      />
    </div>
  );
}
