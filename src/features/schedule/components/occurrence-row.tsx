import type { ScheduleOccurrence } from '@contract/schedule';
import './occurrence-row.css';

const OFFSET = 8 * 3_600_000;
const clock = (iso: string) => new Date(Date.parse(iso) + OFFSET).toISOString().slice(11, 16);

/** One entry of an agenda: time (or 全天), colour, title, where; meetings are labelled as such. */
export function OccurrenceRow({ o, onOpen }: { o: ScheduleOccurrence; onOpen: (o: ScheduleOccurrence) => void }) {
  return (
    <button type="button" className="schedule-item" onClick={() => onOpen(o)}>
      <span className="schedule-item-time">{o.allDay ? '全天' : `${clock(o.startAt)}–${clock(o.endAt)}`}</span>
      <span className="schedule-item-dot" style={{ background: o.color }} aria-hidden />
      <span className="schedule-item-title">
        {o.title}
        {o.source === 'meeting' && <small className="schedule-tag">会议</small>}
        {o.recurring && <small className="schedule-tag">重复</small>}
        {o.myResponse === 'pending' && <small className="schedule-tag">待确认</small>}
        {o.myResponse === 'declined' && <small className="schedule-tag">已拒绝</small>}
      </span>
      {o.location && <span className="schedule-item-where">{o.location}</span>}
    </button>
  );
}
