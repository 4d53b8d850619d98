import { inviteeResponses, meetingStatuses, type MeetingListRow } from '@contract/meeting';
import { timeSpan } from './meeting-time';

/** One meeting in a list: subject, status, time, where, who organises, my answer. */
export function MeetingRow({ row }: { row: MeetingListRow }) {
  return (
    <div className="meeting-row">
      <div className="meeting-row-top">
        <span className="meeting-row-title">{row.subject}</span>
        <span className={`meeting-status meeting-status-${row.status}`}>{meetingStatuses[row.status]}</span>
      </div>
      <div className="meeting-row-meta">
        <span>{timeSpan(row.startAt, row.endAt)}</span>
        <span>{row.roomName ?? (row.onlineLink ? '线上会议' : '')}</span>
        <span>{row.organizer ? '我发起的' : `发起人：${row.organizerName}`}</span>
        {row.myResponse && !row.organizer && (
          <span className={`meeting-response-${row.myResponse}`}>{inviteeResponses[row.myResponse]}</span>
        )}
      </div>
    </div>
  );
}
